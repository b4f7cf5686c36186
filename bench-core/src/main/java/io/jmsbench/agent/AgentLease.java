package io.jmsbench.agent;

import java.time.Duration;

/**
 * Which lease an agent serves. The first call of a lease claims the agent; calls of any other
 * lease get a 409 while the claim lives. A claim lives as long as its lease keeps calling: once no
 * call of the holder arrived (or was in progress) for the lease time, the controller is taken for
 * gone, and the agent closes its clients and goes back to idle.
 *
 * Expiry takes two steps, {@link #lapsed} then {@link #release}: the lapsed lease keeps the agent
 * while its clients stop and close, so no other lease is admitted (and prepares clients of its
 * own) while those still close. Every time is a {@code System.nanoTime()} passed in, so tests
 * need no clock.
 */
final class AgentLease {

    /**
     * What a call may do: go ahead, or be refused because {@code holder} (the lease and its
     * controller's address) holds the agent, silent for {@code silentSeconds}; {@code closing}: the
     * holder's lease has lapsed and its clients are being closed.
     */
    record Admission(boolean admitted, String holder, double silentSeconds, boolean closing) {
    }

    private final long leaseNanos;
    private String holder;
    private String holderAddress;
    private long lastSeen;
    private int inFlight;
    /** The holder's lease lapsed and its clients are closing: nobody, the holder included, gets in. */
    private boolean closing;

    AgentLease(Duration lease) {
        this.leaseNanos = lease.toNanos();
    }

    long leaseSeconds() {
        return leaseNanos / 1_000_000_000L;
    }

    /**
     * Admits a call of {@code leaseId} from {@code address} at {@code now}, unless another lease
     * holds the agent or a lapsed one's clients are still closing; pair with {@link #done}.
     */
    synchronized Admission enter(String leaseId, String address, long now) {
        if (holder != null && (closing || !holder.equals(leaseId))) {
            return new Admission(false, holder + " of the controller at " + holderAddress, (now - lastSeen) / 1e9,
                    closing);
        }
        if (holder == null) {
            holder = leaseId;
            holderAddress = address;
            inFlight = 0;
        }
        inFlight++;
        lastSeen = now;
        return new Admission(true, holder, 0, false);
    }

    /** The end of a call {@link #enter} admitted. */
    synchronized void done(String leaseId, long now) {
        if (leaseId.equals(holder)) {
            inFlight = Math.max(0, inFlight - 1);
            lastSeen = now;
        }
    }

    /**
     * Frees the agent if {@code leaseId} holds it: after {@code /release} closed its clients, or
     * after the clients of a {@link #lapsed} lease are closed. Anyone else's release changes nothing.
     */
    synchronized void release(String leaseId) {
        if (leaseId.equals(holder)) {
            holder = null;
            holderAddress = null;
            inFlight = 0;
            closing = false;
        }
    }

    /**
     * The lease whose claim has lapsed at {@code now} (no call in flight, none for the lease time),
     * or {@code null}. The lease is not dropped: it stays the holder and every call is refused until
     * whoever got it here has closed its clients and calls {@link #release}. A lapse is handed out
     * once, so only one caller closes.
     */
    synchronized String lapsed(long now) {
        if (holder == null || closing || inFlight > 0 || now - lastSeen < leaseNanos) {
            return null;
        }
        closing = true;
        return holder;
    }

    synchronized String holder() {
        return holder;
    }
}
