package io.jmsbench.scenario.read;

import com.fasterxml.jackson.databind.JsonNode;
import io.jmsbench.text.Durations;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads a field that holds a duration with its unit ({@code 10s}, {@code 500ms}, {@code 2m}), or says {@code auto}. */
final class DurationValues {

    static final String AUTO = "auto";
    private static final Pattern DURATION = Pattern.compile("(\\d+)\\s*(ms|s|m|h)");
    private static final int MAX_DURATION_DIGITS = 9;

    private DurationValues() {
    }

    /**
     * Whether the field says {@code auto}; {@code fallback} when absent. Any other value is left for
     * the field's own reader, so its mistakes are told there.
     */
    static boolean isAuto(Fields f, String key, boolean fallback) {
        f.known(key);
        MappingSchema schema = f.schema();
        if (schema != null) {
            f.saidPresent(key);
            boolean auto = !schema.autoAsked(key);
            schema.auto(key, fallback);
            return auto;
        }
        JsonNode value = f.node().get(key);
        if (value == null || value.isNull()) {
            return fallback;
        }
        return value.isTextual() && AUTO.equals(value.asText().strip());
    }

    /** At least {@code min}; {@code expected} is "a duration", or "auto or a duration" after {@link #isAuto}. */
    static Duration duration(Fields f, String key, Duration fallback, Duration min, String expected) {
        String regex = "\\s*(?:" + (expected.startsWith(AUTO) ? AUTO + "|" : "") + "\\d{1," + MAX_DURATION_DIGITS
                + "}\\s*(ms|s|m|h))\\s*";
        f.describeField(key, () -> ValueSchemas.pattern(expected + " with a unit such as 10s, 500ms or 2m"
                + (min.isZero() ? "" : ", at least " + Durations.format(min)), regex), fallback);
        JsonNode value = f.take(key);
        if (value == null) {
            return fallback;
        }
        Matcher m = value.isTextual() ? DURATION.matcher(value.asText().strip()) : null;
        if (m == null || !m.matches()) {
            String hint = value.isNumber() ? " (a number needs a unit)" : "";
            f.problem(key, "expected " + expected + " with a unit such as 10s, 500ms or 2m, found " + Kinds.of(value)
                    + hint);
            return fallback;
        }
        if (m.group(1).length() > MAX_DURATION_DIGITS) {
            f.problem(key, "expected a duration of at most " + MAX_DURATION_DIGITS + " digits, found "
                    + value.asText());
            return fallback;
        }
        long amount = Long.parseLong(m.group(1));
        Duration parsed = switch (m.group(2)) {
            case "ms" -> Duration.ofMillis(amount);
            case "s" -> Duration.ofSeconds(amount);
            case "m" -> Duration.ofMinutes(amount);
            default -> Duration.ofHours(amount);
        };
        if (parsed.compareTo(min) < 0) {
            f.problem(key, "expected a duration of at least " + Durations.format(min) + ", found " + value.asText());
            return fallback;
        }
        return parsed;
    }
}
