package io.jmsbench.report;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BacklogFiguresTest {

    private static IntervalSample sample(double t, String phase, double sendRate, Long backlog, Long brokerDepth) {
        IntervalSample s = new IntervalSample(t, phase, Math.round(sendRate), sendRate, 0, 0, 0, 0, 0, 0, Double.NaN,
                Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, null, brokerDepth);
        return backlog == null ? s : s.withBacklog(backlog);
    }

    /**
     * 1,000 msgs/s with the consumers joining at 5 s: the backlog grows by 1,000 a second, peaks at
     * 5,000, then falls by 2,500 a second (they take 3,500 a second while 1,000 more arrive).
     */
    private static List<IntervalSample> lateConsumers() {
        List<IntervalSample> samples = new ArrayList<>();
        long[] backlog = {1000, 2000, 3000, 4000, 5000, 2500, 3, 2, 4, 1};
        for (int i = 0; i < backlog.length; i++) {
            samples.add(sample(i + 1, i < 2 ? "warmup" : "measure", 1000, backlog[i], null));
        }
        samples.add(sample(11, "drain", 0, 0L, null));
        return samples;
    }

    @Test
    void lateConsumersPeakAtTheirJoinAndDrainAtTheFirstSecondWithinTolerance() {
        BacklogFigures b = BacklogFigures.of(lateConsumers(), 5, Double.NaN);
        assertEquals(5000, b.peak());
        assertEquals(5.0, b.peakAt());
        assertEquals(100, b.tolerance(), "a tenth of a second at 1,000 msgs/s, more than 1% of the peak");
        assertEquals(7.0, b.drainedAt());
        assertEquals(2.0, b.drainSeconds());
        assertEquals((5000 - 3) / 2.0, b.drainRate(), 1e-9);
        assertTrue(b.drained());
        assertNull(b.brokerPeak());
    }

    @Test
    void aBacklogThatStaysIsNotDrained() {
        List<IntervalSample> samples = new ArrayList<>(lateConsumers().subList(0, 5));
        samples.add(sample(6, "drain", 0, 4800L, null));
        BacklogFigures b = BacklogFigures.of(samples, 5, Double.NaN);
        assertFalse(b.drained());
        assertTrue(Double.isNaN(b.drainSeconds()));
        assertTrue(Double.isNaN(b.drainRate()));
    }

    @Test
    void aDrainThatCompletedBetweenTwoSamplesDrainedAtItsEnd() {
        List<IntervalSample> samples = new ArrayList<>(lateConsumers().subList(0, 5));
        BacklogFigures b = BacklogFigures.of(samples, 5, 5.4);
        assertEquals(5.4, b.drainedAt(), 1e-9);
        assertEquals(0.4, b.drainSeconds(), 1e-9);
        assertEquals(5000 / 0.4, b.drainRate(), 1e-6);
    }

    @Test
    void theBrokersOwnDepthPeaksWhereItsSamplesSay() {
        List<IntervalSample> samples = new ArrayList<>(lateConsumers());
        samples.set(3, sample(4, "measure", 1000, 4000L, 3900L));
        samples.set(5, sample(6, "measure", 1000, 2500L, 5100L));
        BacklogFigures b = BacklogFigures.of(samples, 5, Double.NaN);
        assertEquals(5100L, b.brokerPeak());
        assertEquals(6.0, b.brokerPeakAt());
    }

    @Test
    void aBacklogNeverAboveWhatIsInFlightDrainedWhenTheConsumersJoined() {
        List<IntervalSample> samples = List.of(sample(1, "warmup", 200, 3L, null), sample(2, "measure", 200, 15L, null),
                sample(3, "measure", 200, -1L, null));
        BacklogFigures b = BacklogFigures.of(samples, 0, Double.NaN);
        assertTrue(b.none());
        assertTrue(b.drained());
        assertEquals(0, b.drainSeconds());
        assertEquals(20, b.tolerance());
    }

    @Test
    void samplesWithoutABacklogHaveNoFigures() {
        assertNull(BacklogFigures.of(List.of(sample(1, "warmup", 1000, null, null)), 0, Double.NaN));
    }
}
