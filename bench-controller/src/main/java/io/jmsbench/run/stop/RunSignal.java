package io.jmsbench.run.stop;

/**
 * The one cross-thread flag of a run: set by the shutdown hook on Ctrl-C (or SIGTERM), checked by
 * every wait of the run, which then unwinds through its cleanup.
 */
public final class RunSignal {

    private static final long POLL_NANOS = 50_000_000;
    private volatile String abortReason;

    public void abort(String reason) {
        abortReason = reason;
    }

    public String abortReason() {
        return abortReason;
    }

    public void check() throws RunAborted {
        String reason = abortReason;
        if (reason != null) {
            throw new RunAborted(reason);
        }
    }

    /** Sleeps until {@code deadlineNanos} of {@code System.nanoTime}, returning early only by abort. */
    public void sleepUntil(long deadlineNanos) throws RunAborted {
        while (true) {
            check();
            long left = deadlineNanos - System.nanoTime();
            if (left <= 0) {
                return;
            }
            try {
                Thread.sleep(Math.min(left, POLL_NANOS) / 1_000_000, (int) (Math.min(left, POLL_NANOS) % 1_000_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new RunAborted("interrupted");
            }
        }
    }
}
