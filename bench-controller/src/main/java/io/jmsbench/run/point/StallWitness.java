package io.jmsbench.run.point;

/**
 * Asked once when a point stalls: whether the broker still answered, what it said of its limits
 * and producers, and where the thread dumps taken then went. Every wait it makes is bounded, and it
 * never throws: a question it cannot answer stays {@code null}.
 */
public interface StallWitness {

    /** No one asked: the stall is told as the publishers' silence alone. */
    StallWitness NONE = () -> new Testimony(null, null, null);

    Testimony testify();

    /**
     * {@code brokerAnswered}: {@code true} when the broker answered (its state, its management
     * interface, or at least its port), {@code false} when it did not, {@code null} when not asked;
     * {@code brokerSays}: what it said, or why it did not answer; {@code dumps}: where the thread
     * dumps are, {@code null} when none was taken.
     */
    record Testimony(Boolean brokerAnswered, String brokerSays, String dumps) {
    }
}
