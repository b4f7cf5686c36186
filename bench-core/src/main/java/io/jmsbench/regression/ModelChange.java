package io.jmsbench.regression;

import io.jmsbench.report.Measure;

/**
 * One parameter of a fitted cost model (seconds per message), base against new, each with the fit's
 * 95% interval where it has one. {@code set} names the compared set (a broker of {@code compare:})
 * whose model it is, {@code null} for a run's one model. A parameter moved only when its intervals
 * are apart; the model is shown, never gated.
 */
public record ModelChange(String set, String parameter, Measure base, Measure next, double relativeChange,
                          Shift shift) {

    /** What the change amounts to. */
    public enum Shift {
        /** Larger in the new fit, the 95% intervals apart: more time per message. */
        UP,
        /** Smaller in the new fit, the 95% intervals apart. */
        DOWN,
        /** The intervals overlap. */
        WITHIN_NOISE,
        /** A side has no interval (no degree of freedom left, a parameter clamped at 0, an older report). */
        NO_INTERVAL
    }

    public static ModelChange of(String set, String parameter, Measure base, Measure next) {
        double relative = base.value() == 0 ? Double.NaN : (next.value() - base.value()) / base.value();
        Shift shift = !base.hasInterval() || !next.hasInterval() ? Shift.NO_INTERVAL
                : next.low() > base.high() ? Shift.UP : next.high() < base.low() ? Shift.DOWN : Shift.WITHIN_NOISE;
        return new ModelChange(set, parameter, base, next, relative, shift);
    }
}
