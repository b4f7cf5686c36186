package io.jmsbench.run.point;

import io.jmsbench.report.IntervalSample;
import io.jmsbench.run.point.PointObservation.Ending;
import io.jmsbench.scenario.Scenario;
import io.jmsbench.scenario.ScenarioLoader;
import io.jmsbench.system.HostCpu;
import io.jmsbench.system.ProcessResources;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The driver's phases on a fake clock and fake workers: every transition, stall, stale agent and abort, in ms. */
@Timeout(10)
class PointDriverTest {

    private static final long S = 1_000_000_000L;

    private final FakeClock clock = new FakeClock();
    private final FakeWorkers workers = new FakeWorkers(clock);
    private final List<IntervalSample> sunk = new ArrayList<>();
    private final ByteArrayOutputStream console = new ByteArrayOutputStream();
    private String brokerDown;

    private final Gauges gauges = new Gauges() {
        @Override
        public Reading read() {
            return new Reading(clock.now / 2, clock.now / 10, new ProcessResources(1 << 30, 0, 0),
                    new HostCpu(clock.now / 10_000_000, clock.now / 10_000_000), 0);
        }

        @Override
        public String brokerDown() {
            return brokerDown;
        }
    };

    private static Scenario scenario(String phases) throws Exception {
        return ScenarioLoader.parse("""
                name: driver
                destination: {type: topic, name: t}
                publishers: {clients: 1, rate: max}
                subscribers:
                  - {clients: 1}
                phases: %s
                """.formatted(phases), "driver.yaml", "driver", List.of());
    }

    private PointObservation run(String phases) throws Exception {
        PointDriver driver = new PointDriver(scenario(phases), workers, (clients, offset) -> null, gauges, clock,
                (sample, latency) -> sunk.add(sample), new PrintStream(console, true));
        return driver.run(clock.now, null);
    }

    private List<String> phases(PointObservation o) {
        return o.samples().stream().map(IntervalSample::phase).toList();
    }

    @Test
    void phasesRunInOrderOneSampleASecondAndTheWindowIsTheMeasurePart() throws Exception {
        PointObservation o = run("{warmup: 2s, measure: 3s, drain: 10s}");

        assertEquals(Ending.COMPLETED, o.ending());
        assertEquals(List.of("warmup", "warmup", "measure", "measure", "measure"), phases(o),
                "the subscribers had everything when the publishers stopped: the drain ends before its first tick");
        assertEquals(o.samples(), sunk, "every sample went to the sink as it was taken");
        assertEquals(List.of("prepare 1 publishers, 1 subscribers", "start", "stop"), workers.calls);
        assertEquals(3 * S, o.windowEnd().nanos() - o.windowStart().nanos());
        assertEquals(3000, o.windowEnd().publishers().messages() - o.windowStart().publishers().messages());
        assertEquals("complete", o.drain().outcome());
        assertEquals(5000, o.drain().expectedMessages());
        assertEquals(5000, o.subscribersFinal().messages());
        assertNotNull(o.times().drainEnd());
        assertEquals("fake", o.environment().providerSettings().get("sendMode"));
        assertTrue(console.toString().contains("  clients  1 publishers, 1 subscribers ready after 0.0 s"),
                console.toString());
    }

    @Test
    void noWarmupOpensTheWindowAtTheStart() throws Exception {
        PointObservation o = run("{warmup: 0s, measure: 2s, drain: 10s}");

        assertEquals(List.of("measure", "measure"), phases(o));
        assertEquals(0, o.windowStart().publishers().messages());
    }

    @Test
    void aCountBoundedWindowEndsAtItsCountBeforeItsTime() throws Exception {
        PointObservation o = run("{warmup: 1s, measure: 60s, messages: 2500, drain: 10s}");

        long sentInWindow = o.windowEnd().publishers().messages() - o.windowStart().publishers().messages();
        assertTrue(sentInWindow >= 2500 && sentInWindow < 2600, "overshoot within a poll: " + sentInWindow);
        assertTrue(o.windowEnd().nanos() - o.windowStart().nanos() < 3 * S);
    }

    @Test
    void publishersThatSendNothingForTheStallBoundFailThePoint() throws Exception {
        workers.sentAt = t -> Math.min(t, 3 * S) / 1_000_000; // nothing after 3 s

        PointObservation o = run("{warmup: 1s, measure: 60s, drain: 10s}");

        assertEquals(Ending.Kind.FAILED, o.ending().kind());
        assertEquals("stalled: the publishers sent nothing for 15 s (broker or the network to it down?)",
                o.ending().reason());
        assertEquals(18, o.samples().size(), "a sample every second until the stall bound passed");
        assertNotNull(o.windowEnd(), "the window closes where the stall was found");
        assertNull(o.drain());
        assertTrue(workers.calls.contains("stop"), "collecting stops the publishers whatever ended the point");
        assertNotNull(o.publishersFinal());
    }

    @Test
    void aStaleAgentFailsThePointAndTheCountsAreStillCollected() throws Exception {
        workers.publisherPullsBeforeStale = 2; // the first reading and the one a second later

        PointObservation o = run("{warmup: 2s, measure: 3s, drain: 10s}");

        assertEquals(Ending.failed("publisher-agent is stale: it missed 3 heartbeats in a row"), o.ending());
        assertNull(o.windowStart(), "the agent went stale during the warm-up");
        assertNotNull(o.subscribersFinal());
        assertNotNull(o.publishersFinal(), "the stop call still answered");
    }

    @Test
    void anAbortDuringTheDrainEndsThePointAbortedWithWhatWasMeasured() throws Exception {
        workers.receivedAt = (t, sent) -> Math.min(sent, t / 2_000_000); // the subscribers lag behind
        clock.abortAt = clock.now + 6 * S;
        clock.abortReason = "interrupted (Ctrl-C)";

        PointObservation o = run("{warmup: 2s, measure: 3s, drain: 10s}");

        assertEquals(Ending.aborted("interrupted (Ctrl-C)"), o.ending());
        assertTrue(o.windowComplete(), "the window was measured before the abort");
        assertNull(o.drain(), "the drain never ended");
        assertNotNull(o.subscribersFinal());
    }

    @Test
    void aDrainThatKeepsGoingPastItsBoundTimesOut() throws Exception {
        workers.receivedAt = (t, sent) -> Math.min(sent, t / 2_000_000); // half the rate: behind, still moving

        PointObservation o = run("{warmup: 1s, measure: 2s, drain: 1s}");

        assertEquals("timeout", o.drain().outcome());
        assertTrue(phases(o).contains("drain"), "a drain that lasts is sampled every second: " + phases(o));
        assertEquals(3000, o.drain().expectedMessages());
        assertTrue(o.drain().receivedMessages() < 3000);
        assertEquals(Ending.COMPLETED, o.ending());
    }

    @Test
    void aDrainWhoseSubscribersGoQuietEndsQuiet() throws Exception {
        workers.receivedAt = (t, sent) -> Math.min(sent, 2000); // 1,000 of 3,000 never arrive

        PointObservation o = run("{warmup: 1s, measure: 2s, drain: 30s}");

        assertEquals("quiet", o.drain().outcome());
        assertEquals(2000, o.drain().receivedMessages());
        assertTrue(o.drain().seconds() >= 2 && o.drain().seconds() < 3, "quiet after 2 s: " + o.drain().seconds());
    }

    @Test
    void aBrokerThatDiesFailsThePointInItsOwnWords() throws Exception {
        workers.sentAt = t -> {
            if (t >= 2 * S) {
                brokerDown = "the broker JVM (pid 42) died; see its log in logs/";
            }
            return t / 1_000_000;
        };

        PointObservation o = run("{warmup: 1s, measure: 5s, drain: 10s}");

        assertEquals(Ending.failed("the broker JVM (pid 42) died; see its log in logs/"), o.ending());
    }
}
