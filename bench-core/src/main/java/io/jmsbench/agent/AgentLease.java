package io.jmsbench.agent;

/**
 * Which run an agent serves. The first call of a run claims the agent; calls of any other run get
 * a 409 while the claim lives. A claim lives as long as its run keeps calling: once no call of the
 * holder arrived (or was in progress) for the lease time, the controller is taken for gone, and
 * the agent closes its clients and goes back to idle.
 */
final class AgentLease {

    /** What a call of {@code runId} may do: go ahead, or be refused because another run holds the agent. */
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
     * Admits a call of {@code runId} from {@code address} at {@code now} (nanoTime), unless another
     * run holds the agent (a lapsed claim must be {@link #expire expired} first); pair with {@link #done}.
     */
    synchronized Admission enter(String runId, String address, long now) {
        if (holder != null && !holder.equals(runId)) {
            return new Admission(false, holder + " of the controller at " + holderAddress, (now - lastSeen) / 1e9);
        }
        if (!runId.equals(holder)) {
            holder = runId;
            holderAddress = address;
            inFlight = 0;
        }
        inFlight++;
        lastSeen = now;
        return new Admission(true, holder, 0);
    }

    synchronized void done(String runId, long now) {
        if (runId.equals(holder)) {
            inFlight = Math.max(0, inFlight - 1);
            lastSeen = now;
        }
    }

    /** Frees the agent if {@code runId} holds it. */
    synchronized void release(String runId) {
        if (runId.equals(holder)) {
            holder = null;
            holderAddress = null;
            inFlight = 0;
        }
    }

    /** The run whose claim has just lapsed at {@code now} (the claim is dropped), or {@code null}. */
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
