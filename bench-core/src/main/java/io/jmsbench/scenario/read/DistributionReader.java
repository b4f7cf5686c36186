package io.jmsbench.scenario.read;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jmsbench.scenario.Distribution;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.LongFunction;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a {@link Distribution} in any unit: a plain value, or a mapping of exactly one of
 * {@code uniform: [low, high]}, {@code weighted: [{NAME: v, weight: w}, ...]} and
 * {@code lognormal: {median: m, p99: q}}, each value read by the {@link Unit}'s own parser.
 */
final class DistributionReader {

    static final String UNIFORM = "uniform";
    static final String WEIGHTED = "weighted";
    static final String LOGNORMAL = "lognormal";
    static final List<String> KINDS = List.of(UNIFORM, WEIGHTED, LOGNORMAL);
    static final int MAX_CHOICES = 100;
    private static final double MAX_WEIGHT = 1e9;

    private DistributionReader() {
    }

    /**
     * What the values are: {@code name} is a weighted choice's value key ({@code size}),
     * {@code expected} the words for one value, {@code schema} its JSON Schema, {@code parse} gives
     * a value or {@code null} when the node is not one (including out of {@code min}..{@code max}),
     * {@code format} writes one back as the user would.
     */
    record Unit(String name, String expected, Supplier<ObjectNode> schema, Function<JsonNode, Long> parse,
                LongFunction<String> format, long min, long max) {

        /** Whole bytes from {@code min} to {@code max}. */
        static Unit bytes(String name, long min, long max) {
            String expected = "a whole number of bytes from " + min + " to " + max;
            return new Unit(name, expected, () -> ValueSchemas.integer(expected, min, max),
                    v -> v.isIntegralNumber() && v.canConvertToLong() && v.longValue() >= min && v.longValue() <= max
                            ? v.longValue() : null,
                    Long::toString, min, max);
        }

        /**
         * Times in nanoseconds from 0 to {@code maxNanos}, written with a unit: {@code 250us},
         * {@code 2ms}, {@code 1.5ms}, {@code 1s}.
         */
        static Unit durations(String name, long maxNanos) {
            String expected = "a duration with a unit such as 250us, 2ms or 1s, from 0 to " + formatNanos(maxNanos);
            return new Unit(name, expected, () -> ValueSchemas.pattern(expected, DURATION), v -> {
                Matcher m = v.isTextual() ? DURATION.matcher(v.asText().strip()) : null;
                if (m == null || !m.matches()) {
                    return null;
                }
                BigDecimal nanos = new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(switch (m.group(2)) {
                    case "us" -> 1_000L;
                    case "ms" -> 1_000_000L;
                    default -> 1_000_000_000L;
                }));
                return nanos.compareTo(BigDecimal.valueOf(maxNanos)) > 0 || nanos.stripTrailingZeros().scale() > 0
                        ? null : nanos.longValueExact();
            }, DistributionReader::formatNanos, 0, maxNanos);
        }
    }

    private static final Pattern DURATION = Pattern.compile("(\\d{1,9}(?:\\.\\d{1,6})?)\\s*(us|ms|s)");

    /** {@code nanos} as the scenario would write it: {@code 2ms}, {@code 250us}, {@code 1500ns} only if it must. */
    static String formatNanos(long nanos) {
        if (nanos % 1_000_000_000L == 0 && nanos > 0) {
            return nanos / 1_000_000_000L + "s";
        }
        if (nanos % 1_000_000L == 0) {
            return nanos / 1_000_000L + "ms";
        }
        if (nanos % 1_000L == 0) {
            return nanos / 1_000L + "us";
        }
        return BigDecimal.valueOf(nanos, 3).stripTrailingZeros().toPlainString() + "us";
    }

    /**
     * The distribution at {@code key} of {@code parent}, a plain value or a mapping of one kind;
     * {@code fallback} when absent or wrong (with its problem).
     */
    static Distribution read(Fields parent, String key, Unit unit, Distribution fallback) {
        if (parent.nested().isMapping(key)) {
            Fields f = parent.nested().mappingOrText(key, unit.schema());
            Distribution d = kinds(f, unit, List.of(), 0);
            f.finish();
            return d == null ? fallback : d;
        }
        JsonNode value = parent.raw(key, unit.schema());
        if (value == null) {
            return fallback;
        }
        Long v = unit.parse().apply(value);
        if (v == null) {
            parent.problem(key, "expected " + unit.expected() + ", or a mapping of one of " + String.join(", ", KINDS)
                    + ", found " + Kinds.of(value));
            return fallback;
        }
        return new Distribution.Fixed(v);
    }

    /**
     * The one kind in mapping {@code f}; {@code others} are the caller's own alternatives (read by
     * it), {@code othersPresent} how many of them the mapping holds. {@code null} when none of the
     * kinds is there or the one there is wrong (each with its problem, unless one of the others is there).
     */
    static Distribution kinds(Fields f, Unit unit, List<String> others, int othersPresent) {
        List<String> all = new ArrayList<>(KINDS);
        all.addAll(others);
        List<String> present = new ArrayList<>();
        for (String kind : KINDS) {
            if (f.has(kind)) {
                present.add(kind);
            }
        }
        if (present.size() + othersPresent == 0) {
            f.problem("expected one of " + String.join(", ", all) + ", found none");
        } else if (present.size() + othersPresent > 1) {
            f.problem("expected one of " + String.join(", ", all) + ", found more than one");
        }
        Distribution uniform = f.has(UNIFORM) ? uniform(f, unit) : null;
        Distribution weighted = f.has(WEIGHTED) ? weighted(f, unit) : null;
        Distribution lognormal = f.has(LOGNORMAL) ? lognormal(f.mapping(LOGNORMAL), unit) : null;
        return uniform != null ? uniform : weighted != null ? weighted : lognormal;
    }

    private static Distribution uniform(Fields f, Unit unit) {
        String expected = "a list of two values, low and high, each " + unit.expected();
        JsonNode list = f.raw(UNIFORM, () -> {
            ObjectNode s = ValueSchemas.described(expected).put("type", "array").put("minItems", 2).put("maxItems", 2);
            s.set("items", unit.schema().get());
            return s;
        });
        if (list == null) {
            return null;
        }
        if (!list.isArray() || list.size() != 2) {
            f.problem(UNIFORM, "expected " + expected + ", found " + Kinds.of(list)
                    + (list.isArray() ? " of " + list.size() : ""));
            return null;
        }
        Long low = value(f, UNIFORM + "/0", list.get(0), unit);
        Long high = value(f, UNIFORM + "/1", list.get(1), unit);
        if (low == null || high == null) {
            return null;
        }
        if (high < low) {
            f.problem(UNIFORM + "/1", "expected high of at least low (" + unit.format().apply(low) + "), found "
                    + unit.format().apply(high));
            return null;
        }
        return new Distribution.Uniform(low, high);
    }

    private static Distribution weighted(Fields f, Unit unit) {
        List<Fields> items = f.mappings(WEIGHTED);
        if (items == null) {
            return null;
        }
        int before = f.problems().size();
        if (f.listSize(WEIGHTED) == 0) {
            f.problem(WEIGHTED, "expected at least one {" + unit.name() + ", weight}, found an empty list");
        } else if (f.listSize(WEIGHTED) > MAX_CHOICES) {
            f.problem(WEIGHTED, "expected at most " + MAX_CHOICES + " choices, found " + f.listSize(WEIGHTED));
        }
        List<Distribution.Weighted.Choice> choices = new ArrayList<>();
        for (Fields item : items) {
            JsonNode raw = item.raw(unit.name(), unit.schema());
            Long v = raw == null ? null : value(item, unit.name(), raw, unit);
            if (raw == null) {
                item.problem("expected " + unit.name() + " (" + unit.expected() + ") beside weight, found none");
            }
            String expected = "a weight above 0 and at most " + (long) MAX_WEIGHT + " (how often, relative to the others)";
            JsonNode w = item.raw("weight", () -> ValueSchemas.number(expected, 0, MAX_WEIGHT)
                    .put("exclusiveMinimum", 0).without("minimum"));
            double weight = 0;
            if (w == null) {
                item.problem("expected weight (" + expected + ") beside " + unit.name() + ", found none");
            } else if (!w.isNumber() || !(w.doubleValue() > 0) || w.doubleValue() > MAX_WEIGHT) {
                item.problem("weight", "expected " + expected + ", found " + Kinds.of(w));
            } else {
                weight = w.doubleValue();
            }
            item.finish();
            if (v != null && weight > 0) {
                choices.add(new Distribution.Weighted.Choice(v, weight));
            }
        }
        return f.problems().size() == before && !choices.isEmpty() ? new Distribution.Weighted(choices) : null;
    }

    private static Distribution lognormal(Fields f, Unit unit) {
        Long median = required(f, "median", unit, "the middle value: half are below it");
        Long p99 = required(f, "p99", unit, "the 99th percentile: 1 in 100 is above it");
        f.finish();
        if (median == null || p99 == null) {
            return null;
        }
        if (p99 < median) {
            f.problem("p99", "expected p99 of at least median (" + unit.format().apply(median) + "), found "
                    + unit.format().apply(p99));
            return null;
        }
        return new Distribution.LogNormal(median, p99, unit.min(), unit.max());
    }

    private static Long required(Fields f, String key, Unit unit, String meaning) {
        JsonNode raw = f.raw(key, unit.schema());
        if (raw == null) {
            f.problem("expected " + key + " (" + meaning + "), found none");
            return null;
        }
        return value(f, key, raw, unit);
    }

    private static Long value(Fields f, String key, JsonNode raw, Unit unit) {
        Long v = unit.parse().apply(raw);
        if (v == null) {
            f.problem(key, "expected " + unit.expected() + ", found " + Kinds.of(raw));
        }
        return v;
    }
}
