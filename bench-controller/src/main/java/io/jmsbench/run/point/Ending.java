package io.jmsbench.run.point;

import java.time.Duration;
import java.util.Objects;

/**
 * How a point ended, with its evidence as data: it completed; its publishers stalled (with what the
 * broker answered, where the thread dumps went and the last send error); or it stopped for a cause
 * in its source's words (an agent lost, the broker down, a set-up that failed, the run interrupted,
 * a failure inside jmsbench). {@link #sentence()} is the one place its words are made.
 */
public sealed interface Ending permits Ending.Completed, Ending.Stalled, Ending.Stopped {

    enum Kind {
        COMPLETED,
        /** The publishers sent nothing for the stall bound. */
        STALLED,
        /** An agent stopped answering, or went stale. */
        AGENT_LOST,
        /** The broker's process died, or the broker would not start. */
        BROKER_DOWN,
        /** The point could not be set up or go on: its clients, its CPUs or its faults, in their own words. */
        FAILED,
        /** The run was told to stop (Ctrl-C, a signal). */
        INTERRUPTED,
        /** jmsbench failed inside: a fault of ours, which still leaves a report with what was measured. */
        INTERNAL_ERROR
    }

    Ending COMPLETED = new Completed();

    Kind kind();

    /** How the point ended, as the console, the report's abort reason and the finding say it. */
    String sentence();

    default boolean completed() {
        return kind() == Kind.COMPLETED;
    }

    static Ending agentLost(String cause) {
        return new Stopped(Kind.AGENT_LOST, cause);
    }

    static Ending brokerDown(String cause) {
        return new Stopped(Kind.BROKER_DOWN, cause);
    }

    static Ending failed(String cause) {
        return new Stopped(Kind.FAILED, cause);
    }

    static Ending interrupted(String cause) {
        return new Stopped(Kind.INTERRUPTED, cause);
    }

    static Ending internalError(Throwable e) {
        return new Stopped(Kind.INTERNAL_ERROR, e.toString());
    }

    record Completed() implements Ending {

        @Override
        public Kind kind() {
            return Kind.COMPLETED;
        }

        @Override
        public String sentence() {
            return "completed";
        }
    }

    /**
     * The publishers sent nothing for {@code silence}: what the broker answered then, and the last
     * send error a publisher counted ({@code null}: none).
     */
    record Stalled(Duration silence, StallWitness.Testimony testimony, String lastSendError) implements Ending {

        public Stalled {
            Objects.requireNonNull(silence, "silence");
            Objects.requireNonNull(testimony, "testimony");
        }

        @Override
        public Kind kind() {
            return Kind.STALLED;
        }

        /**
         * Why the publishers sent nothing, as far as the witness could tell: a broker that answered
         * holds them back (its words say how), one that did not may be down.
         */
        @Override
        public String sentence() {
            StringBuilder s = new StringBuilder("stalled: the publishers sent nothing for " + silence.toSeconds() + " s");
            switch (testimony.broker()) {
                case UP -> {
                    s.append(" while the broker was up");
                    if (testimony.brokerSays() != null) {
                        s.append(": ").append(testimony.brokerSays());
                    }
                }
                case NO_ANSWER -> {
                    s.append(", and the broker did not answer");
                    if (testimony.brokerSays() != null) {
                        s.append(" (").append(testimony.brokerSays()).append(')');
                    }
                    s.append(": broker or the network to it down?");
                }
                case NOT_ASKED -> s.append(" (broker or the network to it down?)");
            }
            if (testimony.dumps() != null) {
                s.append("; thread dumps in ").append(testimony.dumps());
            }
            if (lastSendError != null) {
                s.append("; last send error: ").append(lastSendError);
            }
            return s.toString();
        }
    }

    /** The point stopped before it completed: {@code cause} in the words of what stopped it. */
    record Stopped(Kind kind, String cause) implements Ending {

        public Stopped {
            if (kind == Kind.COMPLETED || kind == Kind.STALLED) {
                throw new IllegalArgumentException(kind + " has an ending of its own");
            }
        }

        @Override
        public String sentence() {
            return kind == Kind.INTERNAL_ERROR ? "internal error: " + cause : cause;
        }
    }
}
