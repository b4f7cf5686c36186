package io.jmsbench.run.point;

import java.util.List;

/**
 * The faults a point injects into its broker while its publishers run: started with them, stopped
 * (every fault undone) whatever ends the point.
 */
public interface Faults {

    Faults NONE = new Faults() {
        @Override
        public void start(long publishStartNanos) {
        }

        @Override
        public List<FaultEvent> stop() {
            return List.of();
        }
    };

    /** Starts the schedule, its times counted from {@code publishStartNanos} of {@link System#nanoTime}. */
    void start(long publishStartNanos);

    /** Cancels what is still to come, undoes a fault in progress, and returns what happened. */
    List<FaultEvent> stop();

    /**
     * One fault as it happened: {@code at} and {@code downFor} in seconds, from the publishers'
     * start; {@code error}, why it could not be injected or undone, or null; {@code startedAtMillis},
     * when it started in epoch milliseconds (0: unknown), to place the clients' reconnections.
     */
    record FaultEvent(String action, double at, double downFor, String error, long startedAtMillis) {

        public FaultEvent(String action, double at, double downFor, String error) {
            this(action, at, downFor, error, 0);
        }
    }
}
