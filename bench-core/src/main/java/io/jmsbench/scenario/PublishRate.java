package io.jmsbench.scenario;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

import java.math.BigDecimal;

/**
 * The publishers' total send rate ({@code publishers.rate}): saturated ({@link Max}, written
 * {@code max}) or a fixed total in msgs/s ({@link PerSecond}), split evenly over the clients.
 * Read once from the scenario's text; written back the same way, {@code max} or the number, in
 * report.json (as a JSON string, as it always was) and report.md.
 */
public sealed interface PublishRate {

    /** Saturated: every publisher sends as fast as the broker takes messages. */
    PublishRate MAX = new Max();

    /** How scenarios, report.json and report.md write this rate: {@code max} or the number. */
    @JsonValue
    String text();

    /**
     * Reads what a scenario (or a report) says: {@code max}, or a number above 0 (as Java reads a
     * double, so {@code 2e4} too) of at most {@link Defaults#MAX_PUBLISH_RATE}.
     *
     * @throws IllegalArgumentException with the sentence a scenario problem gives, naming {@code text}
     */
    static PublishRate parse(String text) {
        if (Max.TEXT.equals(text)) {
            return MAX;
        }
        double total = -1;
        try {
            total = text == null ? -1 : Double.parseDouble(text);
        } catch (NumberFormatException e) {
            // not a number: refused below with the text as found
        }
        if (!PerSecond.accepts(total)) {
            throw new IllegalArgumentException("expected max (saturated) or a total rate in msgs/s above 0, found '"
                    + text + "'");
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

    /** A fixed total of {@code total} msgs/s over all publisher clients. */
    record PerSecond(double total) implements PublishRate {

        public PerSecond {
            if (!accepts(total)) {
                throw new IllegalArgumentException("publishers.rate: expected a total rate in msgs/s above 0 and at most "
                        + text(Defaults.MAX_PUBLISH_RATE) + ", found " + total);
            }
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
}
