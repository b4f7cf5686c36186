package io.jmsbench.scenario;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.jmsbench.text.Quoted;

import java.math.BigDecimal;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The publishers' total send rate ({@code publishers.rate}): saturated ({@link Max}, written
 * {@code max}), a fixed total in msgs/s ({@link PerSecond}), a rate that changes over time
 * ({@link Profile}), or the highest rate the broker delivers, found by a closed loop within the
 * point and then held ({@link Sustainable}, written {@code sustainable}), split evenly over the clients. Read once from the scenario's text; written
 * back the same way, {@code max}, the number or the profile as a YAML flow list, in report.json
 * (as a JSON string, as it always was) and report.md.
 */
public sealed interface PublishRate {

    /** Saturated: every publisher sends as fast as the broker takes messages. */
    PublishRate MAX = new Max();

    /** The highest rate the subscribers keep up with, found by a closed loop, then held. */
    PublishRate SUSTAINABLE = new Sustainable();

    /** How scenarios, report.json and report.md write this rate: {@code max} or the number. */
    @JsonValue
    String text();

    /**
     * Reads what a report (or a scenario's text) says: {@code max}, {@code sustainable}, or a number above 0 (as YAML 1.2
     * writes one, so {@code 2e4} too, but not Java's {@code 1000f} or {@code 0x1p10}) of at most
     * {@link Defaults#MAX_PUBLISH_RATE}, or a profile as
     * {@link Profile#text()} writes it (a scenario's profile is read, with its positions, by the
     * scenario reader).
     *
     * @throws IllegalArgumentException with the sentence a scenario problem gives, naming {@code text}
     */
    public static PublishRate parse(String text) {
        if (Max.TEXT.equals(text)) {
            return MAX;
        }
        if (Sustainable.TEXT.equals(text)) {
            return SUSTAINABLE;
        }
        if (text != null && text.strip().startsWith("[")) {
            return ProfileText.parse(text);
        }
        double total = PerSecond.number(text);
        if (!PerSecond.accepts(total)) {
            throw new IllegalArgumentException("expected max (saturated), sustainable (found by a closed loop) or a "
                    + "total rate in msgs/s above 0, found " + Quoted.value(text));
        }
        return new PerSecond(total);
    }

    /** report.json's {@code "rate"}: the text, or a number (a String field took both before this type). */
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    private static PublishRate fromJson(Object value) {
        return parse(String.valueOf(value));
    }

    record Max() implements PublishRate {

        static final String TEXT = "max";

        @Override
        public String text() {
            return TEXT;
        }

        @Override
        public String toString() {
            return text();
        }
    }

    /**
     * The highest total rate at which the subscribers keep up, found while the point runs: the
     * publishers start at {@link #START} msgs/s and a closed loop changes their rate until it
     * converges, then holds it for the window.
     */
    record Sustainable() implements PublishRate {

        static final String TEXT = "sustainable";
        /** The total rate the closed loop starts from, in msgs/s. */
        public static final double START = 1_000;

        @Override
        public String text() {
            return TEXT;
        }

        @Override
        public String toString() {
            return text();
        }
    }

    /** A fixed total of {@code total} msgs/s over all publisher clients. */
    record PerSecond(double total) implements PublishRate {

        public PerSecond {
            if (!accepts(total)) {
                throw new IllegalArgumentException("publishers.rate: expected a total rate in msgs/s above 0 and at most "
                        + text(Defaults.MAX_PUBLISH_RATE) + ", found " + total);
            }
        }

        /** YAML 1.2's syntax for a decimal number, not Java's: {@code 1000f}, {@code 0x1p10}, {@code Infinity} are none. */
        private static final Pattern YAML_NUMBER = Pattern.compile("[-+]?(\\.[0-9]+|[0-9]+(\\.[0-9]*)?)([eE][-+]?[0-9]+)?");

        /** The number {@code text} writes in YAML 1.2's syntax; -1 when it is none. */
        private static double number(String text) {
            return text != null && YAML_NUMBER.matcher(text.strip()).matches() ? Double.parseDouble(text) : -1;
        }

        private static boolean accepts(double total) {
            return total > 0 && total <= Defaults.MAX_PUBLISH_RATE;
        }

        /** The number in plain decimals, no exponent and no trailing zeros: {@code 20000}, {@code 1500.5}. */
        @Override
        public String text() {
            return text(total);
        }

        private static String text(double value) {
            return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
        }

        @Override
        public String toString() {
            return text();
        }
    }

    /**
     * A rate that changes over time: {@code segments} applied in order from the moment the
     * publishers start; after the last one's end its end rate is held. Every segment but the last
     * has a length, and the first holds a rate (a ramp or a burst starts from the rate before it).
     */
    record Profile(List<RateSegment> segments) implements PublishRate {

        public Profile {
            segments = List.copyOf(segments);
            checkOrder(segments, (index, problem) -> {
                throw new IllegalArgumentException("publishers.rate[" + index + "]: " + problem);
            });
            if (segments.isEmpty()) {
                throw new IllegalArgumentException("publishers.rate: " + EMPTY);
            }
        }

        public static final String EMPTY = "expected at least one segment such as {rate: 1000, for: 30s}, found an empty list";

        /** Reports each segment out of place: a first that is no hold, a length missing before the last. */
        public static void checkOrder(List<RateSegment> segments, BiConsumer<Integer, String> problem) {
            for (int i = 0; i < segments.size(); i++) {
                RateSegment s = segments.get(i);
                if (i == 0 && !(s instanceof RateSegment.Hold)) {
                    problem.accept(i, "expected the first segment to hold a rate ({rate: 1000, for: 30s}), found a "
                            + (s instanceof RateSegment.Ramp ? "ramp" : "burst") + ", which starts from the rate "
                            + "before it, and the first has none");
                } else if (i < segments.size() - 1 && s.length() == null) {
                    problem.accept(i, "expected a length (" + (s instanceof RateSegment.Hold ? "for" : "over")
                            + ") on every segment but the last, found none: only the last may hold to the point's end");
                }
            }
        }

        /** The profile as a YAML flow list, which {@link PublishRate#parse} reads back. */
        @Override
        public String text() {
            return segments.stream().map(RateSegment::text).collect(Collectors.joining(", ", "[", "]"));
        }

        @Override
        public String toString() {
            return text();
        }
    }
}
