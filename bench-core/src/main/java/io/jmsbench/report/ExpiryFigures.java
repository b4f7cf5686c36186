package io.jmsbench.report;

/**
 * What became of the messages that never arrived where messages carry a time to live
 * ({@code timeToLive}, as the scenario wrote it): {@code missing} is what the stream audit found
 * missing, {@code expired} what the broker counted as discarded for their time to live
 * ({@link BrokerCounts#UNKNOWN} when it could not be read, {@code source} then says why), and
 * {@code lost} the missing ones the expiry does not explain. The broker's count covers every
 * subscription, audited or not, the audit's only the audited ones.
 */
public record ExpiryFigures(String timeToLive, long missing, long expired, long lost, String source) {

    public boolean known() {
        return expired != BrokerCounts.UNKNOWN;
    }

    /**
     * Missing receipts the expiry may account for: the broker's count when known, every missing one
     * when not (they cannot be told from lost ones then, which a finding says).
     */
    public long explained() {
        return known() ? expired : Long.MAX_VALUE;
    }
}
