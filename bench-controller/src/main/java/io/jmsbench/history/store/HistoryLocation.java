package io.jmsbench.history.store;

import java.nio.file.Path;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Where the history is: a SQLite file ({@code file}), or a PostgreSQL server's JDBC URL ({@code url})
 * whose password is given apart, as a reference ({@code env:NAME} or {@code file:PATH}, see
 * {@link io.jmsbench.scenario.SecretReference}) or in {@link #PASSWORD_ENV}. A URL that holds a
 * password is refused: every output names the history by {@link #describe}, which must be safe to print.
 */
public record HistoryLocation(Path file, String url, String passwordReference) {

    /** What {@code --history} takes to record nothing. */
    public static final String OFF = "off";
    /** The history's file when none is named: in the results directory, beside the runs. */
    public static final String DEFAULT_FILE = "history.db";
    /** The PostgreSQL password, when no {@code --history-password} reference is given. */
    public static final String PASSWORD_ENV = "JMSBENCH_HISTORY_PASSWORD";
    private static final String POSTGRESQL = "jdbc:postgresql:";
    private static final Pattern PASSWORD_IN_URL = Pattern.compile("(?i)[?&;]password=");

    public boolean postgres() {
        return url != null;
    }

    /** How every message names it: the file's path, or the server's URL (which holds no secret). */
    public String describe() {
        return postgres() ? url : file.toString();
    }

    /**
     * {@code given} as {@code --history} takes it: a PostgreSQL JDBC URL, or a SQLite file's path
     * ({@code jdbc:sqlite:PATH} too). {@code option} names the option in the sentence of a refusal.
     */
    public static HistoryLocation parse(String option, String given, String passwordReference) throws HistoryProblem {
        String value = given.strip();
        if (value.isEmpty()) {
            throw new HistoryProblem(option + ": expected a SQLite file or a jdbc:postgresql:// URL, found nothing");
        }
        if (value.toLowerCase(Locale.ROOT).startsWith(POSTGRESQL)) {
            if (PASSWORD_IN_URL.matcher(value).find()) {
                throw new HistoryProblem(option + ": the URL holds a password, which would show in every output; give "
                        + "it with --history-password env:NAME or file:PATH, or in " + PASSWORD_ENV);
            }
            return new HistoryLocation(null, value, passwordReference);
        }
        if (value.startsWith("jdbc:sqlite:")) {
            value = value.substring("jdbc:sqlite:".length());
        } else if (value.startsWith("jdbc:")) {
            throw new HistoryProblem(option + ": expected a SQLite file or a jdbc:postgresql:// URL, found '"
                    + value.replaceAll("[?;].*", "") + "'");
        }
        if (passwordReference != null) {
            throw new HistoryProblem("--history-password: a SQLite file has no password; it goes with a "
                    + "jdbc:postgresql:// history");
        }
        return new HistoryLocation(Path.of(value), null, null);
    }
}
