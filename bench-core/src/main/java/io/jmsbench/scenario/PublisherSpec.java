package io.jmsbench.scenario;

/**
 * The publisher pool: {@code clients} connections, each with its own session and producer, sending
 * saturated ({@code rate: max}) or at a fixed total rate in msgs/s, split evenly over the clients.
 * {@code faults} is a test hook ({@code null} normally) that makes publishers lose or duplicate
 * messages on purpose, so that tests can prove the audit counts them.
 */
public record PublisherSpec(int clients, PublishRate rate, Faults faults) {

    public PublisherSpec(int clients, PublishRate rate) {
        this(clients, rate, null);
    }

    public boolean saturated() {
        return rate instanceof PublishRate.Max;
    }

    /** Each client's fixed rate in msgs/s (the total rate split evenly), NaN when saturated (the wire's form). */
    public double ratePerClient() {
        return rate instanceof PublishRate.PerSecond fixed ? fixed.total() / clients : Double.NaN;
    }

    /**
     * Every {@code dropEvery}-th message is counted as sent but never sent (a lost message); every
     * {@code repeatEvery}-th is sent twice under one sequence number (a duplicate); every
     * {@code failAfterSendEvery}-th send fails after the broker took it, and is made again (in
     * doubt); every {@code failAfterCommitEvery}-th commit fails after the broker committed, and the
     * transaction is made again (in doubt). 0: never.
     */
    public record Faults(int dropEvery, int repeatEvery, int failAfterSendEvery, int failAfterCommitEvery) {
    }
}
