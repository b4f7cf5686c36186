package io.jmsbench.model;

/** Why a measured point was left out of a cost-model fit; written to report.json by name. */
public enum ExclusionReason {
    /**
     * The point is not a JSON object: written by {@code jmsbench fit} while it read reports as raw JSON;
     * a report with such a point is now refused whole. Kept so that the fits stored then still read.
     */
    MALFORMED("not a JSON object"),
    /** No positive, finite received rate: B = 1 / rate cannot be formed. */
    NO_RECEIVED_RATE("no positive received rate"),
    /** No whole, non-negative number of installed filters. */
    NO_FILTERS_COUNT("no filters count"),
    /** No measured replication grade. */
    NO_REPLICATION_GRADE("no measured replication grade"),
    /** The point is invalid and was not forced in. */
    INVALID("invalid"),
    /** Its measured replication grade is above {@code jmsbench fit --max-r}. */
    ABOVE_MAX_R("above --max-r"),
    /** Held out by {@code jmsbench fit --holdout} to test the fit's predictions. */
    HELD_OUT("held out");

    private final String words;

    ExclusionReason(String words) {
        this.words = words;
    }

    /** The reason in a few words, as the fit's text and report.md print it. */
    public String words() {
        return words;
    }
}
