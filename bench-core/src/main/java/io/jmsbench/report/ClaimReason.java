package io.jmsbench.report;

/** Why a group of points gives the verdict it gives: a typed code and the sentence with the figures. */
public record ClaimReason(Code code, String text) {

    public enum Code {
        /** The rate moved the claimed way, beyond the intervals, first value to last (or each named pair). */
        APART,
        /** Every rate lies within the flat claim's band, or the ratio within its bound, intervals included. */
        WITHIN,
        /** The rate moved the opposite way beyond the intervals. */
        REVERSED,
        /** A rate's interval lies wholly outside the flat claim's band, or the ratio's beyond its bound. */
        OUTSIDE,
        /** Two intervals overlap where the claim needs them apart. */
        OVERLAP,
        /** An interval straddles the flat claim's band edge or the ratio's bound. */
        STRADDLES,
        /** A point has no 95% interval (one repeat with a window too short for batch means). */
        NO_INTERVAL,
        /** A point is not valid: its figures may not be the broker's capacity. */
        NOT_VALID,
        /**
         * A point counted although the CPU rules call it invalid, as broker and clients shared the host:
         * the verdict is about this machine's rates, not the broker's capacity alone.
         */
        SHARED_HOST,
        /** A value the claim names was not measured (aborted run, or missing in this group). */
        MISSING,
        /** Fewer than two values along the key: no trend to judge. */
        TOO_FEW,
        /** No measured point matches the claim's key, {@code where} and {@code from}. */
        NO_POINTS
    }
}
