package io.jmsbench.report;

import com.fasterxml.jackson.annotation.JsonValue;
import io.jmsbench.scenario.SearchSpec;

import java.util.List;
import java.util.Locale;

/**
 * What a capacity search ({@code search:} in the scenario) found: the search asked for, every step
 * in the order run (its target rate, what it achieved, its latency at the searched percentile, its
 * outcome and why) and the answer. Each step is also a full point of {@code points[]}, at index
 * {@code point}.
 */
public record SearchResult(SearchSpec spec, List<Step> steps, Answer answer) {

    public SearchResult {
        steps = List.copyOf(steps);
    }

    /**
     * A step's outcome: the broker passed, it failed, or the load generator was the limit (no broker
     * verdict); {@code ceiling} for the saturated probe, which sets the rate no step reaches.
     */
    public enum Outcome {
        PASS, FAIL, GENERATOR_LIMITED, CEILING;

        @JsonValue
        public String json() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /**
     * One step: {@code targetRate} the total msgs/s asked of the publishers, {@code sentRate} and
     * {@code dispatchedRate} what the window measured, {@code latencyMicros} the searched percentile
     * (NaN in a throughput-only search, for the probe, or when nothing was measured), {@code kind}
     * {@code probe} (the saturated point, target NaN), {@code step} or {@code confirm} (the repeat
     * that confirms the answer), {@code reasons} why it did not pass (empty when it did).
     */
    public record Step(int step, int point, int repeat, String kind, double targetRate, double sentRate,
                       double dispatchedRate, double latencyMicros, Outcome outcome, List<String> reasons) {

        public Step {
            reasons = List.copyOf(reasons);
        }
    }

    /**
     * {@code rate}: the highest rate that passed ({@code null}: none did); {@code bracketLow} and
     * {@code bracketHigh}: the highest pass and the lowest rate above it that did not pass, or the
     * ceiling when every step passed; {@code bracketHighOutcome} whether that one failed or was
     * generator-limited ({@code null}: the ceiling); {@code ceiling}: the rate no step reaches, the
     * saturated probe's sent rate or {@code until}; {@code confirmed}: whether the repeat at {@code rate} passed too
     * ({@code null}: no repeat ran); {@code stopped}: why the search ended; {@code points} and
     * {@code wallSeconds}: what it cost; {@code sentence}: the answer in words.
     */
    public record Answer(Double rate, Double bracketLow, Double bracketHigh, Outcome bracketHighOutcome,
                         Double ceiling, Boolean confirmed, String stopped, int points, double wallSeconds, String sentence) {
    }
}
