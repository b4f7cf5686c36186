package io.jmsbench.model;

/**
 * A point left out of a fit.
 *
 * @param label  the point's label, as {@code jmsbench fit} gives it
 * @param reason why, typed
 * @param detail the particulars (the invalid findings, the value found); empty when there are none
 */
public record Excluded(String label, ExclusionReason reason, String detail) {

    public Excluded {
        detail = detail == null ? "" : detail;
    }

    /** "invalid: drain ended timeout ...", or the reason's words alone when there is no detail. */
    public String sentence() {
        return reason == null ? detail : detail.isEmpty() ? reason.words() : reason.words() + ": " + detail;
    }
}
