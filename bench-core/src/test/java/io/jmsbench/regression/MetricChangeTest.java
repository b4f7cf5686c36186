package io.jmsbench.regression;

import io.jmsbench.regression.MetricChange.Change;
import io.jmsbench.regression.MetricChange.Gating;
import io.jmsbench.regression.MetricChange.Grounds;
import io.jmsbench.report.Measure;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** How one metric's change is judged: against the intervals when both sides have one, else the threshold. */
class MetricChangeTest {

    private static Measure rate(double value, double halfWidth) {
        return new Measure(value, halfWidth, Double.isNaN(halfWidth) ? Measure.Basis.NONE : Measure.Basis.WINDOW);
    }

    @Test
    void aFallWhoseIntervalsOverlapIsNoChangeEvenBeyondTheThreshold() {
        MetricChange c = MetricChange.of(Metric.RECEIVED, rate(100_000, 8_000), rate(90_000, 7_000), 0.05,
                Gating.GATED);
        assertEquals(Change.NO_CHANGE, c.change());
        assertEquals(Grounds.WITHIN_NOISE, c.grounds());
        assertFalse(c.failsGate());
        assertEquals(-0.10, c.relativeChange(), 1e-12);
    }

    @Test
    void aFallWithIntervalsApartAndBeyondTheThresholdFailsTheGate() {
        MetricChange c = MetricChange.of(Metric.RECEIVED, rate(100_000, 4_000), rate(50_000, 100), 0.05,
                Gating.GATED);
        assertEquals(Change.SLOWER, c.change());
        assertEquals(Grounds.INTERVALS_APART, c.grounds());
        assertTrue(c.failsGate());
    }

    @Test
    void aFallBeyondTheNoiseButWithinTheThresholdIsSlowerAndPasses() {
        MetricChange c = MetricChange.of(Metric.RECEIVED, rate(100_000, 500), rate(97_000, 500), 0.05, Gating.GATED);
        assertEquals(Change.SLOWER, c.change());
        assertFalse(c.failsGate());
        assertTrue(ChangeWords.verdict(c).contains("within the 5.0% allowed"), ChangeWords.verdict(c));
    }

    @Test
    void aDisturbedSideWhoseWideIntervalOverlapsCannotVouchForNoChange() {
        // the baseline ran beside other work: its interval is wide and holds a 10% fall; the gate cannot tell
        MetricChange fall = MetricChange.of(Metric.RECEIVED, rate(100_000, 15_000), rate(90_000, 700), 0.05,
                Gating.DISTURBED);
        assertEquals(Change.NO_CHANGE, fall.change());
        assertTrue(fall.inconclusive());
        assertFalse(fall.failsGate());
        assertTrue(ChangeWords.verdict(fall).contains("inconclusive"), ChangeWords.verdict(fall));
        MetricChange within = MetricChange.of(Metric.RECEIVED, rate(100_000, 15_000), rate(97_000, 700), 0.05,
                Gating.DISTURBED);
        assertFalse(within.inconclusive(), "a fall within the threshold passes either way");
        MetricChange rise = MetricChange.of(Metric.RECEIVED, rate(100_000, 15_000), rate(110_000, 700), 0.05,
                Gating.DISTURBED);
        assertFalse(rise.inconclusive(), "faster is never inconclusive");
        MetricChange p99 = MetricChange.of(Metric.P99, rate(10, 3), rate(12, 0.5), 0.10, Gating.DISTURBED);
        assertTrue(p99.inconclusive(), "a latency that rose beyond its threshold: worse is up");
    }

    @Test
    void withoutAnIntervalTheThresholdAloneDecidesAndSaysSo() {
        MetricChange slower = MetricChange.of(Metric.RECEIVED, rate(100_000, Double.NaN), rate(90_000, 100), 0.05,
                Gating.GATED);
        assertEquals(Grounds.THRESHOLD_ONLY, slower.grounds());
        assertTrue(slower.failsGate());
        assertTrue(ChangeWords.verdict(slower).contains("the threshold alone"), ChangeWords.verdict(slower));
        MetricChange within = MetricChange.of(Metric.RECEIVED, rate(100_000, Double.NaN), rate(96_000, 100), 0.05,
                Gating.GATED);
        assertEquals(Change.NO_CHANGE, within.change());
        assertEquals(Grounds.WITHIN_THRESHOLD, within.grounds());
    }

    @Test
    void aRiseInLatencyIsSlowerAndAFallIsFaster() {
        MetricChange worse = MetricChange.of(Metric.P99, rate(1_000, 10), rate(2_000, 10), 0.10, Gating.GATED);
        assertEquals(Change.SLOWER, worse.change());
        assertTrue(worse.failsGate());
        MetricChange better = MetricChange.of(Metric.P99, rate(2_000, 10), rate(1_000, 10), 0.10, Gating.GATED);
        assertEquals(Change.FASTER, better.change());
        assertFalse(better.failsGate());
    }

    @Test
    void aMetricThatIsNotGatedIsJudgedButNeverFails() {
        MetricChange saturated = MetricChange.of(Metric.P99, rate(1_000, 10), rate(2_000, 10), 0.10,
                Gating.SATURATED);
        assertEquals(Change.SLOWER, saturated.change());
        assertFalse(saturated.failsGate());
        assertTrue(ChangeWords.verdict(saturated).contains("not gated"), ChangeWords.verdict(saturated));
    }

    @Test
    void noIntervalAndNoThresholdCannotTell() {
        MetricChange c = MetricChange.of(Metric.RECEIVED, rate(100_000, Double.NaN), rate(50_000, Double.NaN),
                Double.NaN, Gating.OFF);
        assertEquals(Change.UNKNOWN, c.change());
        assertEquals(Grounds.NO_NOISE_NO_THRESHOLD, c.grounds());
        assertFalse(c.failsGate());
    }

    @Test
    void aSideThatMeasuredNothingIsNotJudged() {
        MetricChange c = MetricChange.of(Metric.P50, Measure.NOT_MEASURED, rate(300, Double.NaN), 0.10, Gating.NEVER);
        assertEquals(Grounds.NOT_MEASURED, c.grounds());
        assertEquals(Change.UNKNOWN, c.change());
    }
}
