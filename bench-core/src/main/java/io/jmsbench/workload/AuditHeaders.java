package io.jmsbench.workload;

/**
 * The two properties every stamped message carries for the audit and the latency, both longs, so
 * a message costs no string to encode, decode or hash on either side:
 * <ul>
 * <li>{@link #ID}: which run (a 12-bit tag of the run id, so a message of another run is told
 * apart), which publisher (its index, 17 bits), whether this send is made again after one that
 * failed (1 bit: that one is in doubt, it may have reached the broker) and the message's sequence
 * number in that publisher's stream (34 bits, from 0, assigned only to messages actually sent);</li>
 * <li>{@link #SENT_AT}: when the message was sent (saturated) or due (fixed rate), epoch
 * nanoseconds on the controller's clock: latency starts here.</li>
 * </ul>
 */
public final class AuditHeaders {

    public static final String ID = "jmsbench_id";
    public static final String SENT_AT = "jmsbench_ts";

    private static final int PUBLISHER_BITS = 17;
    private static final int SEQUENCE_BITS = 34;
    private static final long RESEND_BIT = 1L << SEQUENCE_BITS;
    private static final int PUBLISHER_SHIFT = SEQUENCE_BITS + 1;
    public static final int MAX_PUBLISHERS = 1 << PUBLISHER_BITS;
    /** 1.7e10 messages: almost four days of 50 000 msgs/s from one publisher. */
    public static final long MAX_SEQUENCE = (1L << SEQUENCE_BITS) - 1;
    private static final String PUBLISHER_PREFIX = "pub-";

    private AuditHeaders() {
    }

    /** The run's 12-bit tag, from its id. */
    public static int runTag(String runId) {
        int h = runId.hashCode();
        h ^= h >>> 16;
        h *= 0x45d9f3b;
        h ^= h >>> 16;
        return h & 0xFFF;
    }

    public static long id(int runTag, int publisher, long sequence) {
        return id(runTag, publisher, sequence, false);
    }

    /** {@code resend}: the send is made again after one of the same message that failed. */
    public static long id(int runTag, int publisher, long sequence, boolean resend) {
        if (sequence > MAX_SEQUENCE) {
            throw new IllegalStateException("publisher " + publisher + " sent more than " + MAX_SEQUENCE
                    + " messages: its sequence numbers are exhausted");
        }
        return ((long) runTag << (PUBLISHER_BITS + PUBLISHER_SHIFT)) | ((long) publisher << PUBLISHER_SHIFT)
                | (resend ? RESEND_BIT : 0) | sequence;
    }

    public static int runTagOf(long id) {
        return (int) (id >>> (PUBLISHER_BITS + PUBLISHER_SHIFT));
    }

    public static int publisherOf(long id) {
        return (int) ((id >>> PUBLISHER_SHIFT) & (MAX_PUBLISHERS - 1));
    }

    public static boolean resendOf(long id) {
        return (id & RESEND_BIT) != 0;
    }

    public static long sequenceOf(long id) {
        return id & MAX_SEQUENCE;
    }

    /** The client id of publisher {@code index}: publishers are numbered across all agents of a run. */
    public static String publisherId(int index) {
        return PUBLISHER_PREFIX + index;
    }

    /** The index in a publisher's client id ({@link #publisherId}). */
    public static int publisherIndex(String clientId) {
        if (!clientId.startsWith(PUBLISHER_PREFIX)) {
            throw new IllegalArgumentException("not a publisher id: " + clientId);
        }
        int index = Integer.parseInt(clientId.substring(PUBLISHER_PREFIX.length()));
        if (index < 0 || index >= MAX_PUBLISHERS) {
            throw new IllegalArgumentException("publisher index out of range: " + clientId);
        }
        return index;
    }
}
