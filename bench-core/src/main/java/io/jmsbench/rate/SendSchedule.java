package io.jmsbench.rate;

import io.jmsbench.protocol.RateStep;

import java.util.List;

/**
 * When each message of a rate profile is due: message k at the time where the cumulative target
 * count, the integral of the rate from the start, reaches k (so message 0 at the start, as at a
 * fixed rate). Holds and ramps have closed forms, and a burst repeats one period of two holds, so
 * no time is found by search. After the last step its end rate is held.
 *
 * A publisher's {@link Pacer} on a rate profile.
 *
 * <p>{@link #dueNanos} is for one sending thread: it keeps the step it last answered in, so a
 * rising k costs no walk from the first step and allocates nothing.
 */
public final class SendSchedule implements Pacer {

    private final RateStep.Shape[] shape;
    private final double[] rate;
    private final double[] fromRate;
    /** In seconds; infinite for the last step. */
    private final double[] length;
    private final double[] burst;
    private final double[] every;
    /** Where each step starts, in seconds from the start and in messages due before it. */
    private final double[] startSeconds;
    private final double[] startCount;
    private int cursor;

    private SendSchedule(List<RateStep> steps) {
        RateStep last = steps.get(steps.size() - 1);
        boolean tail = last.lengthNanos() > 0;
        int n = steps.size() + (tail ? 1 : 0);
        shape = new RateStep.Shape[n];
        rate = new double[n];
        fromRate = new double[n];
        length = new double[n];
        burst = new double[n];
        every = new double[n];
        startSeconds = new double[n];
        startCount = new double[n];
        for (int i = 0; i < n; i++) {
            RateStep s = i < steps.size() ? steps.get(i) : RateStep.hold(last.endRate(), 0);
            shape[i] = s.shape();
            rate[i] = s.rate();
            fromRate[i] = s.fromRate();
            length[i] = i == n - 1 ? Double.POSITIVE_INFINITY : s.lengthNanos() / 1e9;
            burst[i] = s.burstNanos() / 1e9;
            every[i] = s.everyNanos() / 1e9;
            if (i > 0) {
                startSeconds[i] = startSeconds[i - 1] + length[i - 1];
                startCount[i] = startCount[i - 1] + countWithin(i - 1, length[i - 1]);
            }
        }
    }

    /** The schedule of {@code steps}, at least one, each with a length but the last (0: held to the end). */
    public static SendSchedule of(List<RateStep> steps) {
        if (steps.isEmpty()) {
            throw new IllegalArgumentException("a send schedule needs at least one step");
        }
        for (int i = 0; i < steps.size() - 1; i++) {
            if (steps.get(i).lengthNanos() <= 0) {
                throw new IllegalArgumentException("step " + i + " of " + steps.size() + " has no length");
            }
        }
        return new SendSchedule(steps);
    }

    /** Nanoseconds from the start at which message {@code k} (from 0) is due. */
    @Override
    public long dueNanos(long k) {
        int i = cursor;
        if (k < startCount[i]) {
            i = 0; // a transaction sent again: back to the start
        }
        while (i + 1 < startCount.length && k >= startCount[i + 1]) {
            i++;
        }
        cursor = i;
        return Math.round((startSeconds[i] + timeWithin(i, k - startCount[i])) * 1e9);
    }

    /** The messages due by {@code seconds} from the start (the cumulative target count), fractional. */
    public double count(double seconds) {
        if (!(seconds > 0)) {
            return 0;
        }
        int i = stepAt(seconds);
        return startCount[i] + countWithin(i, seconds - startSeconds[i]);
    }

    /** The target rate at {@code seconds} from the start, in msgs/s. */
    public double rateAt(double seconds) {
        int i = stepAt(Math.max(0, seconds));
        double t = Math.max(0, seconds) - startSeconds[i];
        return switch (shape[i]) {
            case HOLD -> rate[i];
            case RAMP -> fromRate[i] + (rate[i] - fromRate[i]) * t / length[i];
            case BURST -> t - Math.floor(t / every[i]) * every[i] < burst[i] ? rate[i] : fromRate[i];
        };
    }

    /** The mean target rate from {@code fromSeconds} to {@code toSeconds}, in msgs/s. */
    public double meanRate(double fromSeconds, double toSeconds) {
        return toSeconds > fromSeconds ? (count(toSeconds) - count(fromSeconds)) / (toSeconds - fromSeconds)
                : rateAt(toSeconds);
    }

    private int stepAt(double seconds) {
        int i = 0;
        while (i + 1 < startSeconds.length && seconds >= startSeconds[i + 1]) {
            i++;
        }
        return i;
    }

    /** Messages step {@code i} has due {@code t} seconds after its start. */
    private double countWithin(int i, double t) {
        return switch (shape[i]) {
            case HOLD -> rate[i] * t;
            case RAMP -> fromRate[i] * t + (rate[i] - fromRate[i]) * t * t / (2 * length[i]);
            case BURST -> {
                double periods = Math.floor(t / every[i]);
                double within = t - periods * every[i];
                yield periods * perPeriod(i) + (within < burst[i] ? rate[i] * within
                        : rate[i] * burst[i] + fromRate[i] * (within - burst[i]));
            }
        };
    }

    /** Seconds after step {@code i}'s start at which {@code n} of its messages are due. */
    private double timeWithin(int i, double n) {
        return switch (shape[i]) {
            case HOLD -> n / rate[i];
            case RAMP -> {
                // n = r0 t + a t^2 with a = (r1 - r0) / 2L; this root form stays exact when a is near 0
                double r0 = fromRate[i];
                double a = (rate[i] - r0) / (2 * length[i]);
                yield 2 * n / (r0 + Math.sqrt(Math.max(0, r0 * r0 + 4 * a * n)));
            }
            case BURST -> {
                double periods = Math.floor(n / perPeriod(i));
                double rest = n - periods * perPeriod(i);
                double inBurst = rate[i] * burst[i];
                yield periods * every[i] + (rest < inBurst ? rest / rate[i]
                        : burst[i] + (rest - inBurst) / fromRate[i]);
            }
        };
    }

    private double perPeriod(int i) {
        return rate[i] * burst[i] + fromRate[i] * (every[i] - burst[i]);
    }
}
