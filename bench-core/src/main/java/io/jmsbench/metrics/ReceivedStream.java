package io.jmsbench.metrics;

import io.jmsbench.protocol.ClientAudit.StreamState;

/**
 * One publisher's stream as one subscriber audits it: alone, with its gaps as ranges
 * ({@link StreamAudit}), or as a share of a stream others receive too, with its receipts
 * ({@link StreamReceipts}). Written by the subscriber's delivery thread only.
 */
public interface ReceivedStream {

    /**
     * Records sequence number {@code seq}; {@code redelivery}: the broker flagged it redelivered,
     * {@code resend}: the publisher made this send again after one that failed (in doubt).
     */
    void record(long seq, boolean redelivery, boolean resend);

    /**
     * The stream so far, named {@code publisher}. It may be called while {@link #record} runs on
     * another thread: the caller keeps the result only if no record happened meanwhile, and treats a
     * {@link RuntimeException} here as such a torn read.
     */
    StreamState state(String publisher);
}
