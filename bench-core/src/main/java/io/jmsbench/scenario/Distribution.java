package io.jmsbench.scenario;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

import java.util.List;
import java.util.SplittableRandom;

/**
 * A distribution of whole values in one unit (message bytes; later durations in nanoseconds), as a
 * scenario writes it: {@code 1024}, {@code {uniform: [a, b]}}, {@code {weighted: [...]}} or
 * {@code {lognormal: {median: m, p99: q}}}. Read by {@code read.DistributionReader}, which checks every
 * bound, so each type trusts its values. Drawing is seeded: the same seed gives the same table.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.WRAPPER_OBJECT)
@JsonSubTypes({@JsonSubTypes.Type(value = Distribution.Fixed.class, name = "fixed"),
        @JsonSubTypes.Type(value = Distribution.Uniform.class, name = "uniform"),
        @JsonSubTypes.Type(value = Distribution.Weighted.class, name = "weighted"),
        @JsonSubTypes.Type(value = Distribution.LogNormal.class, name = "lognormal")})
public sealed interface Distribution {

    /** The 99th percentile of the standard normal distribution: p99 = median × e^(σ × this). */
    double Z99 = 2.3263478740408408;

    /** The distribution's own mean (a log-normal's before the clamp to its bounds). */
    double mean();

    /** The smallest value it can give. */
    long min();

    /** The largest value it can give. */
    long max();

    /** The value below which a fraction {@code u} (0 to 1) of the distribution lies. */
    long quantile(double u);

    /**
     * {@code count} values drawn with {@code seed}, one from each of {@code count} equal slices of
     * the distribution (stratified), in a shuffled order: every percentile of the table is within a
     * slice of the distribution's, which independent draws would miss by several for a long tail.
     * The same arguments give the same table.
     */
    default long[] table(int count, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        long[] table = new long[count];
        for (int i = 0; i < count; i++) {
            table[i] = quantile((i + random.nextDouble()) / count);
        }
        for (int i = count - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            long swap = table[i];
            table[i] = table[j];
            table[j] = swap;
        }
        return table;
    }

    /** Always {@code value}. */
    record Fixed(long value) implements Distribution {
        @Override
        public long quantile(double u) {
            return value;
        }

        @Override
        public double mean() {
            return value;
        }

        @Override
        public long min() {
            return value;
        }

        @Override
        public long max() {
            return value;
        }
    }

    /** Every whole value from {@code low} to {@code high}, both included, equally likely. */
    record Uniform(long low, long high) implements Distribution {
        @Override
        public long quantile(double u) {
            return low + Math.min((long) (u * (high - low + 1.0)), high - low);
        }

        @Override
        public double mean() {
            return (low + (double) high) / 2;
        }

        @Override
        public long min() {
            return low;
        }

        @Override
        public long max() {
            return high;
        }
    }

    /** {@code choices}' values, each as often as its weight's share of the weights' sum. */
    record Weighted(List<Choice> choices) implements Distribution {

        /** A value and its weight (above 0; weights need not add up to 100). */
        public record Choice(long value, double weight) {
        }

        public Weighted {
            choices = List.copyOf(choices);
        }

        private double total() {
            return choices.stream().mapToDouble(Choice::weight).sum();
        }

        @Override
        public long quantile(double u) {
            double rest = u * total();
            for (Choice c : choices) {
                rest -= c.weight();
                if (rest < 0) {
                    return c.value();
                }
            }
            return choices.get(choices.size() - 1).value();
        }

        @Override
        public double mean() {
            return choices.stream().mapToDouble(c -> c.value() * c.weight()).sum() / total();
        }

        @Override
        public long min() {
            return choices.stream().mapToLong(Choice::value).min().orElseThrow();
        }

        @Override
        public long max() {
            return choices.stream().mapToLong(Choice::value).max().orElseThrow();
        }
    }

    /**
     * A log-normal distribution given by its median and 99th percentile, each draw rounded and
     * clamped to {@code floor}..{@code ceiling} (the unit's bounds), so a long tail cannot reach
     * a value the unit refuses.
     */
    record LogNormal(long median, long p99, long floor, long ceiling) implements Distribution {

        /** σ of the underlying normal distribution. */
        public double sigma() {
            return Math.log((double) p99 / median) / Z99;
        }

        @Override
        public long quantile(double u) {
            long value = Math.round(median * Math.exp(sigma() * StandardNormal.quantile(u)));
            return Math.max(floor, Math.min(ceiling, value));
        }

        @Override
        public double mean() {
            double s = sigma();
            return median * Math.exp(s * s / 2);
        }

        @Override
        public long min() {
            return floor;
        }

        @Override
        public long max() {
            return ceiling;
        }
    }
}
