package io.jmsbench.agent;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The claim on its own, on a clock of our choosing: every time below is nanoseconds since 0. */
@Timeout(10)
class AgentLeaseTest {

    private static final long S = 1_000_000_000L;
    private final AgentLease lease = new AgentLease(Duration.ofSeconds(30));

    /** One whole call of {@code leaseId} at {@code now}: admitted or not. */
    private AgentLease.Admission call(String leaseId, long now) {
        AgentLease.Admission admission = lease.enter(leaseId, "10.0.0.1", now);
        if (admission.admitted()) {
            lease.done(leaseId, now);
        }
        return admission;
    }

    @Test
    void theFirstCallClaimsTheAgent() {
        assertNull(lease.holder());
        assertEquals(new AgentLease.Admission(true, "a", 0, false), call("a", 0));
        assertEquals("a", lease.holder());
        assertEquals(new AgentLease.Admission(true, "a", 0, false), call("a", 5 * S), "and its next calls are its own");
        assertEquals(30, lease.leaseSeconds());
    }

    @Test
    void anotherLeaseIsRefusedWhileTheClaimHolds() {
        call("a", 0);
        assertEquals(new AgentLease.Admission(false, "a of the controller at 10.0.0.1", 2.5, false),
                lease.enter("b", "10.0.0.2", 2_500_000_000L));
        assertEquals("a", lease.holder(), "a refusal changes nothing");
        assertNull(lease.lapsed(29 * S));
        assertEquals(true, call("a", 29 * S).admitted(), "the holder is still served");
    }

    @Test
    void aCallInFlightKeepsTheClaimAlive() {
        lease.enter("a", "10.0.0.1", 0); // a long /prepare: no done() yet
        assertNull(lease.lapsed(100 * S), "no call for 100 s, but one is in progress");
        lease.done("a", 100 * S);
        assertNull(lease.lapsed(129 * S));
        assertEquals("a", lease.lapsed(130 * S), "the lease time counts from the end of the last call");
    }

    @Test
    void theClaimLapsesAfterTheLeaseTime() {
        call("a", 0);
        assertNull(lease.lapsed(30 * S - 1));
        assertEquals("a", lease.lapsed(30 * S));
    }

    @Test
    void onlyTheHolderReleases() {
        call("a", 0);
        lease.release("b");
        assertEquals("a", lease.holder(), "another lease cannot free the agent");
        lease.release("a");
        assertNull(lease.holder());
        assertNull(lease.lapsed(100 * S), "a released claim does not lapse");
        assertEquals(true, call("b", S).admitted());
    }

    @Test
    void aLapsedClaimHoldsTheAgentUntilItsClientsAreClosedAndReleased() {
        call("a", 0);
        assertEquals("a", lease.lapsed(31 * S));
        assertEquals("a", lease.holder(), "lapsed, not dropped");
        assertNull(lease.lapsed(32 * S), "handed out once: one closer");

        assertEquals(new AgentLease.Admission(false, "a of the controller at 10.0.0.1", 33.0, true),
                lease.enter("b", "10.0.0.2", 33 * S), "another lease waits for the close");
        AgentLease.Admission own = lease.enter("a", "10.0.0.1", 33 * S);
        assertTrue(!own.admitted() && own.closing(), "the lapsed lease itself too: its clients are going");

        lease.release("a"); // its clients are closed
        assertNull(lease.holder());
        assertEquals(new AgentLease.Admission(true, "b", 0, false), call("b", 34 * S));
    }

    @Test
    void aHolderThatComesBackBeforeTheLapseIsSeenKeepsItsClaim() {
        call("a", 0);
        assertEquals(true, call("a", 31 * S).admitted(), "late, but nobody closed its clients yet");
        assertNull(lease.lapsed(32 * S));
    }
}
