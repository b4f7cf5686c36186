package io.jmsbench.scenario.read;

import com.fasterxml.jackson.databind.JsonNode;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads a field that holds a number: whole, decimal, a percentage, a rate in msgs/s or a size in megabytes. */
final class NumberValues {

    private static final Pattern PERCENT = Pattern.compile("\\d{1,3}(\\.\\d{1,6})?\\s*%");
    private static final Pattern SIZE = Pattern.compile("(\\d+)\\s*(KB|MB|GB)");
    private static final String SIZE_EXPECTED = "a positive size such as 64MB, 512KB or 2GB";
    /** What a size field takes, in the schema and the field reference: what a bare number counts too. */
    private static final String SIZE_DESCRIBED = "a size in megabytes: a whole number of MB (64 is 64MB), or 64MB, "
            + "512KB (rounded up to a whole MB) or 2GB";

    private NumberValues() {
    }

    static int integer(Fields f, String key, int fallback, int min, int max) {
        String expected = "a whole number from " + min + " to " + max;
        // a fallback out of range (phases.messages: 0) stands for "not set": no default to offer
        f.describeField(key, () -> ValueSchemas.integer(expected, min, max),
                fallback >= min && fallback <= max ? fallback : null);
        JsonNode value = f.take(key);
        if (value == null) {
            return fallback;
        }
        if (!value.isIntegralNumber()) {
            f.problem(key, "expected " + expected + ", found " + Kinds.of(value));
            return fallback;
        }
        if (!value.canConvertToLong() || value.longValue() < min || value.longValue() > max) {
            f.problem(key, "expected " + expected + ", found " + value.asText());
            return fallback;
        }
        return value.intValue();
    }

    static double decimal(Fields f, String key, double fallback, double min, double max) {
        String expected = "a number from " + min + " to " + max;
        f.describeField(key, () -> ValueSchemas.number(expected, min, max), fallback);
        JsonNode value = f.take(key);
        if (value == null) {
            return fallback;
        }
        if (!value.isNumber() || value.doubleValue() < min || value.doubleValue() > max) {
            f.problem(key, "expected " + expected + ", found " + Kinds.of(value));
            return fallback;
        }
        return value.doubleValue();
    }

    /** A fraction written as a percentage ({@code 5%}) or a number ({@code 0.05}), from {@code min} to {@code max}. */
    static double fraction(Fields f, String key, double fallback, double min, double max) {
        String expected = "a percentage from " + percent(min) + " to " + percent(max) + " such as 5%";
        f.describeField(key, () -> ValueSchemas.anyOf(expected, ValueSchemas.number(expected, min, max),
                ValueSchemas.pattern(expected, "\\s*" + PERCENT.pattern() + "\\s*")), fallback);
        JsonNode value = f.take(key);
        if (value == null) {
            return fallback;
        }
        double parsed = Double.NaN;
        if (value.isNumber()) {
            parsed = value.doubleValue();
        } else if (value.isTextual() && PERCENT.matcher(value.asText().strip()).matches()) {
            String text = value.asText().strip();
            parsed = Double.parseDouble(text.substring(0, text.length() - 1).strip()) / 100;
        }
        if (!(parsed >= min && parsed <= max)) {
            f.problem(key, "expected " + expected + ", found " + Kinds.of(value));
            return fallback;
        }
        return parsed;
    }

    private static String percent(double fraction) {
        return BigDecimal.valueOf(fraction * 100).stripTrailingZeros().toPlainString() + "%";
    }

    /**
     * A total rate in msgs/s; NaN when absent, or when no number (with its problem). Its bounds are
     * the reader's to check, in a sentence naming the segment's kind.
     */
    static double rate(Fields f, String key, String expected) {
        f.describeField(key, () -> ValueSchemas.rate(expected, false, false), null);
        JsonNode value = f.take(key);
        if (value == null) {
            return Double.NaN;
        }
        if (!value.isNumber()) {
            f.problem(key, "expected " + expected + ", found " + Kinds.of(value));
            return Double.NaN;
        }
        return value.doubleValue();
    }

    /**
     * A size in megabytes written as {@code 64MB}, {@code 512KB} (rounded up), {@code 2GB} or a number
     * of MB; {@code null} when absent or wrong (with its problem).
     */
    static Long megabytes(Fields f, String key, Long fallback) {
        f.describeField(key, () -> ValueSchemas.anyOf(SIZE_DESCRIBED,
                ValueSchemas.integer(SIZE_EXPECTED, 1, (1L << 40) - 1),
                ValueSchemas.pattern(SIZE_EXPECTED, "\\s*(?=\\d*[1-9])\\d{1,9}\\s*[KkMmGg][Bb]\\s*")), fallback);
        JsonNode value = f.take(key);
        if (value == null) {
            return null;
        }
        Matcher m = value.isTextual() ? SIZE.matcher(value.asText().strip().toUpperCase(Locale.ROOT)) : null;
        if (value.isIntegralNumber() && value.longValue() > 0 && value.longValue() < 1L << 40) {
            return value.longValue();
        }
        if (m == null || !m.matches() || m.group(1).length() > 9 || Long.parseLong(m.group(1)) == 0) {
            f.problem(key, "expected " + SIZE_EXPECTED + ", found " + Kinds.of(value));
            return null;
        }
        long n = Long.parseLong(m.group(1));
        return switch (m.group(2)) {
            case "KB" -> Math.max(1, (n + 1023) / 1024);
            case "GB" -> n * 1024;
            default -> n;
        };
    }
}
