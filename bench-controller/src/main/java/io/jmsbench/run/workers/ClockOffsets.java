package io.jmsbench.run.workers;

import io.jmsbench.agent.AgentClient;
import io.jmsbench.agent.AgentException;
import io.jmsbench.metrics.EpochClock;
import io.jmsbench.protocol.AgentRole;
import io.jmsbench.protocol.AgentTime;
import io.jmsbench.report.ClockOffset;

/**
 * NTP-style estimate of an agent's clock offset: the controller reads its clock, asks the agent
 * for its own, reads its clock again; assuming the answer was read midway, the offset is the
 * agent's reading minus the midpoint, uncertain by half the round trip. The fastest of several
 * round trips bounds the error tightest. A round the agent does not answer in time is skipped (a
 * loaded host stalls one now and then, and a slow round would not be the fastest anyway); only
 * when no round is answered is the agent unreachable.
 */
final class ClockOffsets {

    static final int ROUNDS = 16;

    private ClockOffsets() {
    }

    /** The estimate for {@code agent}, which serves {@code role}; {@code apply} says whether its clients will use it. */
    static ClockOffset estimate(AgentClient agent, AgentRole role, boolean apply) throws AgentException {
        long bestRoundTrip = Long.MAX_VALUE;
        long bestOffset = 0;
        AgentException lastFailure = null;
        for (int i = 0; i < ROUNDS; i++) {
            long before = EpochClock.nanos();
            AgentTime time;
            try {
                time = agent.time();
            } catch (AgentException e) {
                lastFailure = e;
                continue;
            }
            long after = EpochClock.nanos();
            long roundTrip = after - before;
            if (roundTrip < bestRoundTrip) {
                bestRoundTrip = roundTrip;
                bestOffset = time.epochNanos() - (before + roundTrip / 2);
            }
        }
        if (bestRoundTrip == Long.MAX_VALUE) {
            throw lastFailure;
        }
        return new ClockOffset(agent.name(), role, bestOffset / 1e3, bestRoundTrip / 2e3, apply);
    }
}
