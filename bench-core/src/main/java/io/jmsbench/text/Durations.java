package io.jmsbench.text;

import java.time.Duration;

/** Durations written the way scenarios, reports and the control channel write them: {@code 10s}, {@code 500ms}, {@code 2m}. */
public final class Durations {

    private Durations() {
    }

    /** Parses what {@link #format} writes; for trusted input (reports, the control channel). */
    public static Duration parse(String text) {
        String t = text.strip();
        if (t.endsWith("ms")) {
            return Duration.ofMillis(Long.parseLong(t.substring(0, t.length() - 2)));
        }
        long amount = Long.parseLong(t.substring(0, t.length() - 1));
        return switch (t.charAt(t.length() - 1)) {
            case 's' -> Duration.ofSeconds(amount);
            case 'm' -> Duration.ofMinutes(amount);
            case 'h' -> Duration.ofHours(amount);
            default -> throw new IllegalArgumentException("not a duration: " + text);
        };
    }

    public static String format(Duration d) {
        long ms = d.toMillis();
        if (ms % 3_600_000 == 0 && ms > 0) {
            return ms / 3_600_000 + "h";
        }
        if (ms % 60_000 == 0 && ms > 0) {
            return ms / 60_000 + "m";
        }
        if (ms % 1000 == 0) {
            return ms / 1000 + "s";
        }
        return ms + "ms";
    }
}
