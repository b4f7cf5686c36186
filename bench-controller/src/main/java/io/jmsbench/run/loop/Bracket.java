package io.jmsbench.run.loop;

import io.jmsbench.run.search.CapacitySearch;

import java.util.TreeSet;

/**
 * The interval the closed loop narrows: {@code low}, the highest rate a step kept up with;
 * {@code high}, the lowest rate a step (seen twice) or a hold did not; NaN where there is none yet.
 * A hold that did not keep up bounds it from above like a failed step, and its lower end falls back
 * to the highest rate a step kept up with below the hold: the loop goes on one step lower.
 */
final class Bracket {

    private final double growth;
    private final double within;
    /** Every rate a step kept up with, below {@link #high}. */
    private final TreeSet<Double> kept = new TreeSet<>();
    private double high = Double.NaN;
    private String stuck;

    /** {@code growth}: the factor while steps keep up; {@code within}: converged when high is at most this share above low. */
    Bracket(double growth, double within) {
        this.growth = growth;
        this.within = within;
    }

    double low() {
        return kept.isEmpty() ? Double.NaN : kept.last();
    }

    double high() {
        return high;
    }

    /** A step kept up at {@code rate}. */
    void keptUp(double rate) {
        kept.add(rate);
    }

    /** A step did not keep up at {@code rate}, twice. */
    void fellBehind(double rate) {
        bound(rate);
    }

    /** A hold at {@code rate} did not keep up: it bounds from above, and the steps at or over it count no more. */
    void holdMissed(double rate) {
        bound(rate);
    }

    private void bound(double rate) {
        high = Double.isNaN(high) ? rate : Math.min(high, rate);
        kept.tailSet(high, true).clear();
    }

    boolean converged() {
        return !kept.isEmpty() && !Double.isNaN(high) && high <= low() * (1 + within);
    }

    /**
     * The next rate to step to from {@code rate}: doubled until a step fails, halved until one passes,
     * else the bracket's geometric midpoint (3 significant digits, as the search); NaN when there is
     * none, {@link #stuck} says why.
     */
    double next(double rate) {
        if (Double.isNaN(high)) {
            return rate * growth;
        }
        if (kept.isEmpty()) {
            double half = CapacitySearch.round3(high / growth);
            if (half < 1) {
                stuck = "no rate down to 1 msgs/s kept up";
                return Double.NaN;
            }
            return half;
        }
        double mid = CapacitySearch.round3(Math.sqrt(low() * high));
        if (!(mid > low() && mid < high)) {
            stuck = "the bracket cannot be split at 3 significant digits";
            return Double.NaN;
        }
        return mid;
    }

    /** Why {@link #next} found no rate. */
    String stuck() {
        return stuck;
    }
}
