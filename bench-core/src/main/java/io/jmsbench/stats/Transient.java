package io.jmsbench.stats;

import java.util.Arrays;

/**
 * Whether the start-up transient of one or more series observed together (a point's sent and
 * received rates, one value a second) is over: each series {@linkplain Mser#settled() settled}
 * by MSER-5, and what is left after the latest truncation is stationary: its two halves' means
 * lie within their 95% intervals of each other (by {@link BatchMeans}), so the tail shows no
 * trend its own noise cannot explain.
 *
 * @param over       the transient is over
 * @param truncation values the transient took (the latest truncation of the series); -1 when not over
 */
public record Transient(boolean over, int truncation) {

    public static final Transient NOT_OVER = new Transient(false, -1);

    public static Transient of(double[]... series) {
        int truncation = 0;
        for (double[] s : series) {
            Mser mser = Mser.of(s);
            if (!mser.settled()) {
                return NOT_OVER;
            }
            truncation = Math.max(truncation, mser.truncation());
        }
        for (double[] s : series) {
            if (!stationary(Arrays.copyOfRange(s, truncation, s.length))) {
                return NOT_OVER;
            }
        }
        return new Transient(true, truncation);
    }

    /** The halves of {@code tail} agree within the sum of their intervals; too short a tail does not. */
    static boolean stationary(double[] tail) {
        int half = tail.length / 2;
        double[] first = Arrays.copyOfRange(tail, 0, half);
        double[] second = Arrays.copyOfRange(tail, tail.length - half, tail.length);
        BatchMeans a = BatchMeans.of(first);
        BatchMeans b = BatchMeans.of(second);
        if (Double.isNaN(a.halfWidth()) || Double.isNaN(b.halfWidth())) {
            return false;
        }
        return Math.abs(Series.mean(first) - Series.mean(second)) <= a.halfWidth() + b.halfWidth();
    }
}
