package io.jmsbench.workload;

/**
 * The properties every sent message carries for the audit: which publisher sent it (the run id,
 * a slash, the client id, so a message of another run is told apart) and its sequence number in
 * that publisher's stream, from 0, assigned only to messages actually sent.
 */
public final class AuditHeaders {

    public static final String PUBLISHER = "jmsbench_pub";
    public static final String SEQUENCE = "jmsbench_seq";
    /** When the message was sent (saturated) or due (fixed rate), epoch nanoseconds: latency starts here. */
    public static final String SENT_AT = "jmsbench_ts";

    private AuditHeaders() {
    }

    public static String publisher(String runId, String clientId) {
        return runId + "/" + clientId;
    }
}
