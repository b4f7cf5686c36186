package io.jmsbench.scenario;

import io.jmsbench.text.Durations;

import java.math.BigDecimal;
import java.time.Duration;

/**
 * One segment of a rate profile ({@link PublishRate.Profile}): a total rate in msgs/s over all
 * publisher clients, for a length of time ({@code null}: to the point's end, the last segment only).
 * Each writes itself back as the YAML flow mapping a scenario gives it.
 */
public sealed interface RateSegment {

    /** How long the segment lasts; {@code null}: to the point's end. */
    Duration length();

    /** The rate the segment ends at, which the next segment starts from (a burst's: its base rate). */
    double endRate(double previous);

    /** The segment as a scenario writes it: {@code {rate: 1000, for: 30s}}. */
    String text();

    /** {@code {rate: R, for: D}}: holds {@code rate}. */
    record Hold(double rate, Duration length) implements RateSegment {

        public Hold {
            checkRate("rate", rate);
            checkLength("for", length);
        }

        @Override
        public double endRate(double previous) {
            return rate;
        }

        @Override
        public String text() {
            return "{rate: " + number(rate) + (length == null ? "" : ", for: " + Durations.format(length)) + "}";
        }
    }

    /** {@code {ramp: R, over: D}}: linear from the previous segment's rate to {@code to}. */
    record Ramp(double to, Duration length) implements RateSegment {

        public Ramp {
            checkRate("ramp", to);
            if (length == null) {
                throw new IllegalArgumentException("expected over (how long the ramp takes, such as 60s) beside ramp, "
                        + "found none");
            }
            checkLength("over", length);
        }

        @Override
        public double endRate(double previous) {
            return to;
        }

        @Override
        public String text() {
            return "{ramp: " + number(to) + ", over: " + Durations.format(length) + "}";
        }
    }

    /**
     * {@code {burst: R, for: F, every: E, over: D}}: {@code rate} for {@code burstLength} at the start
     * of every {@code every}, the previous segment's rate between the bursts.
     */
    record Burst(double rate, Duration burstLength, Duration every, Duration length) implements RateSegment {

        public Burst {
            checkRate("burst", rate);
            if (burstLength == null || every == null) {
                throw new IllegalArgumentException("expected for (each burst's length) and every (the time from one "
                        + "burst's start to the next) beside burst, found " + (burstLength == null ? "no for" : "no every"));
            }
            checkLength("for", burstLength);
            checkLength("every", every);
            if (burstLength.compareTo(every) >= 0) {
                throw new IllegalArgumentException("expected for shorter than every (" + Durations.format(every)
                        + "), so that the previous rate runs between the bursts, found for: "
                        + Durations.format(burstLength));
            }
            checkLength("over", length);
        }

        /** Between the bursts the previous rate runs on, and after the segment too. */
        @Override
        public double endRate(double previous) {
            return previous;
        }

        @Override
        public String text() {
            return "{burst: " + number(rate) + ", for: " + Durations.format(burstLength) + ", every: "
                    + Durations.format(every) + (length == null ? "" : ", over: " + Durations.format(length)) + "}";
        }
    }

    private static void checkRate(String key, double rate) {
        String problem = rateProblem(key, rate);
        if (problem != null) {
            throw new IllegalArgumentException(problem);
        }
    }

    /** Why {@code rate} cannot be the rate at {@code key}; {@code null} when it can. */
    static String rateProblem(String key, double rate) {
        return rate > 0 && rate <= Defaults.MAX_PUBLISH_RATE ? null : "expected " + key + " to be a total rate in "
                + "msgs/s above 0 and at most " + number(Defaults.MAX_PUBLISH_RATE) + ", found " + number(rate);
    }

    private static void checkLength(String key, Duration length) {
        if (length != null && (length.isNegative() || length.isZero())) {
            throw new IllegalArgumentException("expected " + key + " to be a duration above 0, found "
                    + Durations.format(length));
        }
    }

    /** The number in plain decimals, no exponent and no trailing zeros: {@code 20000}, {@code 1500.5}. */
    static String number(double value) {
        return Double.isFinite(value) ? BigDecimal.valueOf(value).stripTrailingZeros().toPlainString()
                : String.valueOf(value);
    }
}
