package io.jmsbench.report;

import java.util.List;

/**
 * A point's three rates, and the one rule for a rate with its 95% interval wherever points are judged
 * against each other ({@code compare}, the gate, a scenario's claims): Student t over the repeats when
 * there are two or more, else the batch means of the one run's window; overall's window interval is
 * received's plus dispatched's, a bound, since the two move together.
 */
public enum Rate {
    RECEIVED,
    DISPATCHED,
    OVERALL;

    /** This rate over a point's repeats (at least one). */
    public Measure over(List<PointResult> repeats) {
        if (repeats.size() >= 2) {
            Stat stat = Stat.of(repeats.stream().map(this::of).toList());
            return new Measure(stat.mean(), stat.ci95(), Double.isNaN(stat.ci95()) ? Measure.Basis.NONE
                    : Measure.Basis.REPEATS);
        }
        PointResult one = repeats.get(0);
        double halfWidth = switch (this) {
            case RECEIVED -> halfWidth(one.rates().received());
            case DISPATCHED -> halfWidth(one.rates().dispatched());
            case OVERALL -> halfWidth(one.rates().received()) + halfWidth(one.rates().dispatched());
        };
        Measure.Basis basis = Double.isNaN(halfWidth) ? Measure.Basis.NONE
                : this == OVERALL ? Measure.Basis.WINDOW_SUM : Measure.Basis.WINDOW;
        return new Measure(of(one), halfWidth, basis);
    }

    /** This rate in one run; NaN when the point never reached its window. */
    public double of(PointResult r) {
        return switch (this) {
            case RECEIVED -> r.rates().received() == null ? Double.NaN : r.rates().received().rate();
            case DISPATCHED -> r.rates().dispatched() == null ? Double.NaN : r.rates().dispatched().rate();
            case OVERALL -> r.rates().overallRate();
        };
    }

    private static double halfWidth(PointResult.RateFigure f) {
        return f == null ? Double.NaN : f.ci95();
    }
}
