package io.jmsbench.run.point;

import java.util.Objects;

/**
 * Asked once when a point stalls: whether the broker still answered, what it said of its limits
 * and producers, and where the thread dumps taken then went. Every wait it makes is bounded, and it
 * never throws: a question it cannot answer stays unanswered.
 */
public interface StallWitness {

    /** No one asked: the stall is told as the publishers' silence alone. */
    StallWitness NONE = () -> Testimony.NONE;

    Testimony testify();

    /** Whether the broker answered when asked about a stall. */
    enum BrokerAnswer {
        /** It answered: its state, its management interface, or at least its port. */
        UP,
        /** It did not answer: down, or the network to it. */
        NO_ANSWER,
        /** Nobody could ask (no address to ask at, an interrupt). */
        NOT_ASKED
    }

    /**
     * {@code broker}: whether it answered; {@code brokerSays}: what it said, or why it did not
     * answer ({@code null}: nothing); {@code dumps}: where the thread dumps are, {@code null} when
     * none was taken.
     */
    record Testimony(BrokerAnswer broker, String brokerSays, String dumps) {

        public static final Testimony NONE = new Testimony(BrokerAnswer.NOT_ASKED, null, null);

        public Testimony {
            Objects.requireNonNull(broker, "broker");
        }

        public Testimony withDumps(String where) {
            return new Testimony(broker, brokerSays, where);
        }
    }
}
