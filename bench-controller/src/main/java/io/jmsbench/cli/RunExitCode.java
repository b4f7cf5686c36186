package io.jmsbench.cli;

import io.jmsbench.report.Report;
import io.jmsbench.report.ClaimVerdict;

/** The exit code of {@code jmsbench run}, from how the run ended and what the user required of it. */
final class RunExitCode {

    private RunExitCode() {
    }

    /** {@code requireValid}, {@code requireClaims}: the options of those names. */
    static int of(RunOutcome outcome, boolean requireValid, boolean requireClaims) {
        return switch (outcome.ending()) {
            case REFUSED -> ExitCodes.BAD_INPUT;
            case FAILED, INTERRUPTED -> ExitCodes.RUN_FAILED;
            case FINISHED -> finished(outcome.report(), requireValid, requireClaims);
        };
    }

    /** The code the process exits with when a signal stops the run, before the run returns an outcome. */
    static int interrupted() {
        return of(RunOutcome.INTERRUPTED, false, false);
    }

    private static int finished(Report report, boolean requireValid, boolean requireClaims) {
        if (!Report.COMPLETED.equals(report.status())) {
            return ExitCodes.RUN_FAILED;
        }
        if (requireValid && !acceptable(report)) {
            return ExitCodes.INVALID_RESULT;
        }
        return requireClaims ? claimsExit(report) : ExitCodes.OK;
    }

    /**
     * What {@code --require-valid} asks: every point valid; for a search, whose steps above the
     * capacity are meant to fail, a passing rate that its repeat confirmed.
     */
    private static boolean acceptable(Report report) {
        if (report.search() != null) {
            return Report.COMPLETED.equals(report.status()) && report.search().answer().rate() != null
                    && Boolean.TRUE.equals(report.search().answer().confirmed());
        }
        return report.valid();
    }

    /** What {@code --require-claims} asks: 7 when any claim is contradicted, else 6 when any is inconclusive. */
    private static int claimsExit(Report report) {
        if (report.claims().stream().anyMatch(c -> c.verdict() == ClaimVerdict.CONTRADICTED)) {
            return ExitCodes.CLAIM_CONTRADICTED;
        }
        return report.claims().stream().anyMatch(c -> c.verdict() == ClaimVerdict.INCONCLUSIVE)
                ? ExitCodes.INCONCLUSIVE : ExitCodes.OK;
    }
}
