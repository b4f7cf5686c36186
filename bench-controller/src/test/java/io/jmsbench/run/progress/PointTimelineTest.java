package io.jmsbench.run.progress;

import io.jmsbench.scenario.Phases;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;

class PointTimelineTest {

    private static final Phases FIXED = new Phases(Duration.ofSeconds(10), Duration.ofSeconds(30),
            Duration.ofSeconds(15));

    @Test
    void fixedPhasesCountDownAndThePointLeftIncludesTheWindowStillToCome() {
        PointTimeline timeline = new PointTimeline(FIXED);
        PhaseStatus first = timeline.update(Samples.at(1, "warmup", 100, 100));
        assertEquals(new PhaseStatus("warmup", 1, 9, "", 39), first);
        assertEquals("9 s left", first.remaining());
        for (int t = 2; t <= 10; t++) {
            timeline.update(Samples.at(t, "warmup", 100, 100));
        }
        // the window starts where the last warm-up sample ended
        PhaseStatus measuring = timeline.update(Samples.at(11, "measure", 100, 100));
        assertEquals(new PhaseStatus("measure", 1, 29, "", 29), measuring);
        for (int t = 12; t <= 41; t++) {
            timeline.update(Samples.at(t, "measure", 100, 100));
        }
        PhaseStatus draining = timeline.update(Samples.at(42, "drain", 100, 100));
        assertEquals("drain", draining.phase());
        assertEquals("until all arrive, 14 s at most", draining.remaining());
        assertEquals(0, draining.pointSecondsLeft());
    }

    @Test
    void automaticWindowsSayWhatEndsThemAndCountTheirBound() {
        Phases auto = new Phases(Duration.ofSeconds(60), Duration.ofSeconds(120), Duration.ofSeconds(15), 0, true,
                true, 0.05);
        PointTimeline timeline = new PointTimeline(auto);
        PhaseStatus warm = timeline.update(Samples.at(20, "warmup", 100, 100));
        assertEquals("until steady, 40 s at most", warm.remaining());
        assertEquals(160, warm.pointSecondsLeft());
        PhaseStatus window = timeline.update(Samples.at(21, "measure", 100, 100));
        assertEquals("until ±5%, 119 s at most", window.remaining());
        assertEquals(119, window.pointSecondsLeft());
    }

    @Test
    void aWindowOfMessagesSaysHowMany() {
        Phases counted = new Phases(Duration.ofSeconds(2), Duration.ofSeconds(60), Duration.ofSeconds(10), 200_000);
        PointTimeline timeline = new PointTimeline(counted);
        timeline.update(Samples.at(2, "warmup", 100, 100));
        assertEquals("until 200,000 msgs, 59 s at most",
                timeline.update(Samples.at(3, "measure", 100, 100)).remaining());
    }

    @Test
    void aPhaseRunningPastItsPlanLeavesNothingNegative() {
        PointTimeline timeline = new PointTimeline(FIXED);
        PhaseStatus late = timeline.update(Samples.at(12, "warmup", 100, 100));
        assertEquals("0 s left", late.remaining());
        assertEquals(30, late.pointSecondsLeft());
    }
}
