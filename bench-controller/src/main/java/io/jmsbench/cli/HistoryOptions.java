package io.jmsbench.cli;

import io.jmsbench.history.store.HistoryLocation;
import io.jmsbench.history.store.HistoryProblem;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Where the history of runs is, and the commit a run is recorded under: the options {@code run},
 * {@code compare} and {@code history} share. Each command says what no {@code --history} means.
 */
final class HistoryOptions {

    /** Where a commit comes from when {@code --commit} is not given: GitHub Actions sets it on every job. */
    static final String COMMIT_ENV = "GITHUB_SHA";
    private static final Pattern COMMIT = Pattern.compile("[0-9A-Za-z._/+-]{1,100}");

    @Option(names = "--history", paramLabel = "FILE|URL",
            description = "The history of runs: a SQLite file, or a PostgreSQL server's jdbc:postgresql://HOST:PORT/DB"
                    + "?user=NAME (its password with --history-password, or in " + HistoryLocation.PASSWORD_ENV
                    + "; never in the URL).")
    String history;

    @Option(names = "--history-password", paramLabel = "env:NAME|file:PATH",
            description = "Where the PostgreSQL history's password is: an environment variable or a file only its "
                    + "owner can read (default: " + HistoryLocation.PASSWORD_ENV + ", else none).")
    String historyPassword;

    @Option(names = "--commit", paramLabel = "COMMIT",
            description = "The commit of what was measured, recorded with the run (default: the " + COMMIT_ENV
                    + " environment variable, which GitHub Actions sets; else none).")
    String commit;

    /** The history named, else {@code fallback}; null when it is {@code off}. */
    HistoryLocation location(Path fallback) throws BadInput {
        if (history != null && HistoryLocation.OFF.equals(history.strip())) {
            if (historyPassword != null) {
                throw new BadInput("--history-password: no history is kept (--history off)");
            }
            return null;
        }
        try {
            return HistoryLocation.parse("--history", history != null ? history : fallback.toString(), historyPassword);
        } catch (HistoryProblem e) {
            throw new BadInput(e.getMessage());
        }
    }

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
