package io.jmsbench.run.point;

import io.jmsbench.report.DrainEnd;
import io.jmsbench.report.IntervalSample;
import io.jmsbench.report.WarmupEnd;
import io.jmsbench.report.WindowEnd;
import io.jmsbench.run.point.StallWitness.BrokerAnswer;
import io.jmsbench.scenario.Scenario;
import io.jmsbench.scenario.read.ScenarioLoader;
import io.jmsbench.system.HostCpu;
import io.jmsbench.system.ProcessResources;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

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
    private StallWitness witness = StallWitness.NONE;

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
        PointDriver driver = DriverBuilder.driver(scenario(phases), workers).gauges(gauges).clock(clock)
                .sink((sample, latency) -> sunk.add(sample)).console(new PrintStream(console, true)).witness(witness)
                .build();
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
        assertEquals(DrainEnd.COMPLETE, o.drainFigures().outcome());
        assertEquals(5000, o.drainFigures().expectedMessages());
        assertEquals(5000, o.subscribersFinal().messages());
        assertNotNull(o.times().drainEnd());
        assertEquals("fake", o.environment().providerSettings().get("sendMode"));
        assertTrue(console.toString().contains("  clients  1 publishers, 1 subscribers ready after 0.0 s"),
                console.toString());
    }

    @Test
    void slowReadingsDoNotEndTheWindowWithASliverOfASecond() throws Exception {
        workers.pullNanos = 60_000_000; // each reading 60 ms late

        PointObservation o = run("{warmup: 2s, measure: 3s, drain: 10s}");

        assertEquals(List.of("warmup", "warmup", "measure", "measure", "measure"), phases(o),
                "the window ends on its third tick, not 60 ms after it: " + o.samples());
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

        assertEquals(Ending.Kind.STALLED, o.ending().kind());
        assertEquals("stalled: the publishers sent nothing for 15 s (broker or the network to it down?)",
                o.ending().sentence());
        assertEquals(WindowEnd.CUT, o.window().endedBy());
        assertEquals(18, o.samples().size(), "a sample every second until the stall bound passed");
        assertNotNull(o.windowEnd(), "the window closes where the stall was found");
        assertNull(o.drain());
        assertTrue(workers.calls.contains("stop"), "collecting stops the publishers whatever ended the point");
        assertNotNull(o.publishersFinal());
    }

    @Test
    void aStallWhoseBrokerAnsweredSaysWhatHeldThePublishersBack() throws Exception {
        workers.sentAt = t -> Math.min(t, 3 * S) / 1_000_000;
        witness = () -> new StallWitness.Testimony(BrokerAnswer.UP, "its memory limit 100% used, 2 producers held back by flow "
                + "control", "logs/ (stall-*-threads.txt: broker, publishers)");

        PointObservation o = run("{warmup: 1s, measure: 60s, drain: 10s}");

        assertEquals("stalled: the publishers sent nothing for 15 s while the broker was up: its memory limit 100% "
                + "used, 2 producers held back by flow control; thread dumps in logs/ (stall-*-threads.txt: broker, "
                + "publishers)", o.ending().sentence());
    }

    @Test
    void aStallWhoseBrokerDidNotAnswerAsksWhetherItIsDown() {
        assertEquals("stalled: the publishers sent nothing for 15 s, and the broker did not answer (127.0.0.1:61616: "
                + "Connection refused): broker or the network to it down?; last send error: JMSException: gone",
                new Ending.Stalled(PointDriver.STALL, new StallWitness.Testimony(BrokerAnswer.NO_ANSWER,
                        "127.0.0.1:61616: Connection refused", null), "JMSException: gone").sentence());
    }

    @Test
    void aStallNobodyLookedIntoIsToldAsBefore() {
        assertEquals("stalled: the publishers sent nothing for 15 s (broker or the network to it down?)",
                new Ending.Stalled(PointDriver.STALL, StallWitness.Testimony.NONE, null).sentence());
    }

    @Test
    void aStaleAgentFailsThePointAndTheCountsAreStillCollected() throws Exception {
        workers.publisherPullsBeforeStale = 2; // the first reading and the one a second later

        PointObservation o = run("{warmup: 2s, measure: 3s, drain: 10s}");

        assertEquals(Ending.agentLost("publisher-agent is stale: it missed 3 heartbeats in a row"), o.ending());
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

        assertEquals(Ending.interrupted("interrupted (Ctrl-C)"), o.ending());
        assertTrue(o.windowComplete(), "the window was measured before the abort");
        assertNull(o.drain(), "the drain never ended");
        assertNotNull(o.subscribersFinal());
    }

    @Test
    void aDrainThatKeepsGoingPastItsBoundTimesOut() throws Exception {
        workers.receivedAt = (t, sent) -> Math.min(sent, t / 2_000_000); // half the rate: behind, still moving

        PointObservation o = run("{warmup: 1s, measure: 2s, drain: 1s}");

        assertEquals(DrainEnd.TIMEOUT, o.drainFigures().outcome());
        assertTrue(phases(o).contains("drain"), "a drain that lasts is sampled every second: " + phases(o));
        assertEquals(3000, o.drainFigures().expectedMessages());
        assertTrue(o.drainFigures().receivedMessages() < 3000);
        assertEquals(Ending.COMPLETED, o.ending());
    }

    @Test
    void aDrainWhoseSubscribersGoQuietEndsQuiet() throws Exception {
        workers.receivedAt = (t, sent) -> Math.min(sent, 2000); // 1,000 of 3,000 never arrive

        PointObservation o = run("{warmup: 1s, measure: 2s, drain: 30s}");

        assertEquals(DrainEnd.QUIET, o.drainFigures().outcome());
        assertEquals(2000, o.drainFigures().receivedMessages());
        assertTrue(o.drainFigures().seconds() >= 2 && o.drainFigures().seconds() < 3, "quiet after 2 s: " + o.drainFigures().seconds());
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

        assertEquals(Ending.brokerDown("the broker JVM (pid 42) died; see its log in logs/"), o.ending());
    }

    /** Climbs from 300 to 1,000 msgs/s over 20 s, then 1,000 msgs/s with a seeded wobble of ±5% a second. */
    private static long climbThenWobble(long nanos) {
        double s = nanos / 1e9;
        if (s < 20) {
            return Math.round(300 * s + 17.5 * s * s);
        }
        int whole = (int) (s - 20);
        double sum = 13_000;
        Random random = new Random(11);
        for (int i = 0; i < whole; i++) {
            sum += 1000 + 50 * random.nextGaussian();
        }
        double next = 1000 + 50 * random.nextGaussian();
        return Math.round(sum + next * (s - 20 - whole));
    }

    @Test
    void anAutoWarmupEndsWhenTheRatesAreSteadyAndAnAutoWindowWhenPrecise() throws Exception {
        workers.sentAt = PointDriverTest::climbThenWobble;

        PointObservation o = run("{warmup: auto, measure: auto, precision: 2%, drain: 10s}");

        assertEquals(WarmupEnd.STEADY, o.warmup().end());
        assertEquals(20, o.warmup().transientSeconds(), 0, "MSER-5 cut at the knee");
        double warmup = o.warmup().seconds();
        // MSER-5 looks for the cut in the first half only: a 20 s transient is found once 45-50 s were seen
        assertTrue(warmup >= 45 && warmup <= 55, "the warm-up ended once the knee lay in its first half: " + warmup);
        assertEquals(WindowEnd.PRECISION, o.window().endedBy());
        long window = (o.windowEnd().nanos() - o.windowStart().nanos()) / S;
        assertTrue(window >= 10 && window < 60, "an interval within 2% of 1,000 msgs/s at ±5% a second: " + window);
        assertTrue(console.toString().contains("warm-up  steady after " + Math.round(warmup)
                + " s (MSER-5: start-up transient 20 s)"), console.toString());
    }

    @Test
    void anAutoWarmupNeverSteadyEndsAtItsBoundAndAnAutoWindowAtItsBound() throws Exception {
        workers.sentAt = t -> Math.round(Math.pow(t / 1e9, 2) * 50); // climbing all the way

        PointObservation o = run("{warmup: auto, maxWarmup: 20s, measure: auto, maxMeasure: 12s, drain: 60s}");

        assertEquals(WarmupEnd.BOUND, o.warmup().end());
        assertEquals(20, o.warmup().seconds(), 0.001);
        assertEquals(WindowEnd.BOUND, o.window().endedBy(), "a climbing rate's batch means stay correlated");
        assertEquals(12 * S, o.windowEnd().nanos() - o.windowStart().nanos());
        assertTrue(console.toString().contains("warm-up  NOT steady (maxWarmup reached) after 20 s"),
                console.toString());
    }
}
