package io.jmsbench.cli;

/**
 * The process exit codes of every command, each documented below; README.md explains those a user
 * meets (0, 2, 3 and 5) after its quick start.
 */
public final class ExitCodes {

    /** The command did its job; a run completed (invalid points are reported, not failed). */
    public static final int OK = 0;
    /** An unexpected failure inside jmsbench. */
    public static final int INTERNAL = 1;
    /** Bad input: scenario, options or files. Also picocli's usage-error code. */
    public static final int BAD_INPUT = 2;
    /** The run could not start or was aborted: broker down, agent lost, Ctrl-C. */
    public static final int RUN_FAILED = 3;
    /**
     * {@code compare} found a point slower beyond its threshold and the noise, or a claim broken (held in
     * base, contradicted in new); or, with {@code --require-valid}, a point not fit to compare.
     */
    public static final int REGRESSION = 4;
    /** The run completed, some point is invalid, and {@code --require-valid} was given. */
    public static final int INVALID_RESULT = 5;
    /**
     * {@code compare} found no regression, but a point fell beyond its threshold in a run the judge
     * found beside other work on its host, or a claim that held in base is inconclusive in new (or
     * {@code run --require-claims}: no claim contradicted, one inconclusive): neither a pass nor a
     * failure, to be measured again.
     */
    public static final int INCONCLUSIVE = 6;
    /** {@code run --require-claims}: a claim of the scenario ({@code expect:}) is contradicted by the intervals. */
    public static final int CLAIM_CONTRADICTED = 7;

    private ExitCodes() {
    }
}
