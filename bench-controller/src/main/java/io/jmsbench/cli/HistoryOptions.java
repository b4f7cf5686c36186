package io.jmsbench.cli;

import io.jmsbench.history.store.HistoryLocation;
import io.jmsbench.history.store.HistoryProblem;
import picocli.CommandLine.Option;

import java.nio.file.Path;

/**
 * Where the history of runs is: the options {@code run}, {@code compare} and {@code history} share.
 * Each command says what no {@code --history} means.
 */
final class HistoryOptions {

    @Option(names = "--history", paramLabel = "FILE|URL",
            description = "The history of runs: a SQLite file, or a PostgreSQL server's jdbc:postgresql://HOST:PORT/DB"
                    + "?user=NAME (its password with --history-password, or in " + HistoryLocation.PASSWORD_ENV
                    + "; never in the URL).")
    String history;

    @Option(names = "--history-password", paramLabel = "env:NAME|file:PATH",
            description = "Where the PostgreSQL history's password is: an environment variable or a file only its "
                    + "owner can read (default: " + HistoryLocation.PASSWORD_ENV + ", else none).")
    String historyPassword;

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
}
