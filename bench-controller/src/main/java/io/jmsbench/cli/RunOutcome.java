package io.jmsbench.cli;

import io.jmsbench.report.Report;

/**
 * How a {@code jmsbench run} ended, for its exit code ({@link RunExitCode}).
 *
 * @param report the run's report when it {@link Ending#FINISHED finished}, {@code null} otherwise
 */
record RunOutcome(Ending ending, Report report) {

    enum Ending {
        /** Refused before the run started: the agents' token, the broker login or the metrics endpoint. */
        REFUSED,
        /** The broker could not be reached, or the run could not go on. */
        FAILED,
        /** A signal (Ctrl-C, SIGTERM) stopped it: the process exits from its shutdown hook. */
        INTERRUPTED,
        /** It ran to its end, completed or aborted, and wrote its report. */
        FINISHED
    }

    static final RunOutcome REFUSED = new RunOutcome(Ending.REFUSED, null);
    static final RunOutcome FAILED = new RunOutcome(Ending.FAILED, null);
    static final RunOutcome INTERRUPTED = new RunOutcome(Ending.INTERRUPTED, null);

    static RunOutcome finished(Report report) {
        return new RunOutcome(Ending.FINISHED, report);
    }
}
