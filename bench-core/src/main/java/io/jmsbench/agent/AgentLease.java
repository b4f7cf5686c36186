package io.jmsbench.agent;

/**
 * Which lease an agent serves. The first call of a lease claims the agent; calls of any other lease
 * get a 409 while the claim lives. A claim lives as long as its lease keeps calling: once no call of the
 * holder arrived (or was in progress) for the lease time, the controller is taken for gone, and
 * the agent closes its clients and goes back to idle.
 */
final class AgentLease {

    /** What a call of {@code leaseId} may do: go ahead, or be refused because another lease holds the agent. */
    record Admission(boolean admitted, String holder, double silentSeconds) {
    }

    private final long leaseNanos;
    private String holder;
    private String holderAddress;
    private long lastSeen;
    private int inFlight;

    AgentLease(java.time.Duration lease) {
        this.leaseNanos = lease.toNanos();
    }

    long leaseSeconds() {
        return leaseNanos / 1_000_000_000L;
    }

    /**
     * Admits a call of {@code leaseId} from {@code address} at {@code now} (nanoTime), unless another
     * lease holds the agent (a lapsed claim must be {@link #expire expired} first); pair with {@link #done}.
     */
    synchronized Admission enter(String leaseId, String address, long now) {
        if (holder != null && !holder.equals(leaseId)) {
            return new Admission(false, holder + " of the controller at " + holderAddress, (now - lastSeen) / 1e9);
        }
        if (!leaseId.equals(holder)) {
            holder = leaseId;
            holderAddress = address;
            inFlight = 0;
        }
        inFlight++;
        lastSeen = now;
        return new Admission(true, holder, 0);
    }

    synchronized void done(String leaseId, long now) {
        if (leaseId.equals(holder)) {
            inFlight = Math.max(0, inFlight - 1);
            lastSeen = now;
        }
    }

    /** Frees the agent if {@code leaseId} holds it. */
    synchronized void release(String leaseId) {
        if (leaseId.equals(holder)) {
            holder = null;
            holderAddress = null;
            inFlight = 0;
        }
    }

    /** The lease whose claim has just lapsed at {@code now} (the claim is dropped), or {@code null}. */
    synchronized String expire(long now) {
        if (holder == null || inFlight > 0 || now - lastSeen < leaseNanos) {
            return null;
        }
        String lapsed = holder;
        holder = null;
        holderAddress = null;
        return lapsed;
    }

    synchronized String holder() {
        return holder;
    }
}
