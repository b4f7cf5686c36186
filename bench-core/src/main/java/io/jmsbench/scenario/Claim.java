package io.jmsbench.scenario;

import java.math.BigDecimal;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a scenario expects of its results ({@code expect:}), checked against the measured points
 * with their 95% intervals once the run is over. {@code key} is the sweep key the claim is about
 * ({@code in:} of a trend, {@code by:} of an order or a ratio); {@code where} fixes other sweep
 * keys to one value each; {@code from} keeps a trend's values from that one on (in the sweep's
 * order). Values are compared as text, as the sweep wrote them. Unused fields are {@code null}
 * ({@code within}, {@code atLeast}, {@code atMost}: NaN).
 */
public record Claim(Metric metric, Shape shape, String key, Map<String, String> where, String from,
                    List<String> order, String of, String to, double atLeast, double atMost, double within,
                    String note) {

    /** The rate a claim is about. */
    public enum Metric {
        RECEIVED, DISPATCHED, OVERALL;

        public String yamlName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** What the claim says of the rate. */
    public enum Shape {
        /** Rises with the key: no significant fall between any two values, a significant rise first to last. */
        INCREASING,
        /** Falls with the key, the mirror of {@link #INCREASING}. */
        DECREASING,
        /** Every value's interval within {@code within} of the values' mean. */
        FLAT,
        /** Each value named in {@code order} significantly above the next. */
        ORDERED,
        /** The rate at {@code of} over the rate at {@code to} is at least {@code atLeast} (at most {@code atMost}). */
        RATIO;

        public String yamlName() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** Whether the claim is about a trend along the key ({@code in:}) rather than named values ({@code by:}). */
        public boolean trend() {
            return this == INCREASING || this == DECREASING || this == FLAT;
        }
    }

    public Claim {
        where = where == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(where));
        order = order == null ? null : List.copyOf(order);
    }

    /** The claim in one line, as the report states it before its verdict. */
    public String statement() {
        String rate = metric.yamlName();
        String said = switch (shape) {
            case INCREASING -> rate + " rises with " + key;
            case DECREASING -> rate + " falls with " + key;
            case FLAT -> rate + " is flat within " + percent(within) + " across " + key;
            case ORDERED -> rate + " by " + key + ": " + String.join(" > ", order);
            case RATIO -> rate + " at " + key + "=" + of + " over " + key + "=" + to + (Double.isNaN(atLeast) ? ""
                    : " is at least " + number(atLeast)) + (Double.isNaN(atLeast) || Double.isNaN(atMost) ? ""
                    : " and") + (Double.isNaN(atMost) ? "" : " is at most " + number(atMost));
        };
        if (from != null) {
            said += " from " + key + "=" + from;
        }
        if (!where.isEmpty()) {
            StringBuilder w = new StringBuilder();
            where.forEach((k, v) -> w.append(w.length() == 0 ? "" : ", ").append(k).append('=').append(v));
            said += " where " + w;
        }
        return said;
    }

    private static String percent(double fraction) {
        return BigDecimal.valueOf(fraction * 100).stripTrailingZeros().toPlainString() + "%";
    }

    private static String number(double v) {
        return BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }
}
