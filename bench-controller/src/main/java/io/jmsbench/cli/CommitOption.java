package io.jmsbench.cli;

import picocli.CommandLine.Option;

import java.util.Map;
import java.util.regex.Pattern;

/** The commit a run is recorded under in the history: {@code run}'s and {@code history import}'s option. */
final class CommitOption {

    /** Where a commit comes from when {@code --commit} is not given: GitHub Actions sets it on every job. */
    static final String COMMIT_ENV = "GITHUB_SHA";
    private static final Pattern COMMIT = Pattern.compile("[0-9A-Za-z._/+-]{1,100}");

    @Option(names = "--commit", paramLabel = "COMMIT",
            description = "The commit of what was measured, recorded with the run (default: the " + COMMIT_ENV
                    + " environment variable, which GitHub Actions sets; else none).")
    String commit;

    /** The commit given, else the environment's; null when neither says. */
    String commit(Map<String, String> env) throws BadInput {
        if (commit != null) {
            if (!COMMIT.matcher(commit.strip()).matches()) {
                throw new BadInput("--commit: expected a commit id or tag (letters, digits and . _ / + -, at most 100), "
                        + "found '" + commit + "'");
            }
            return commit.strip();
        }
        String fromEnv = env.get(COMMIT_ENV);
        return fromEnv == null || !COMMIT.matcher(fromEnv.strip()).matches() ? null : fromEnv.strip();
    }
}
