package io.jmsbench.run.judge;

import io.jmsbench.report.FaultOutcome;
import io.jmsbench.report.IntervalSample;
import io.jmsbench.run.point.Faults.FaultEvent;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FaultRecoveryTest {

    /** One second each, dispatched at {@code rates[i]} over (i, i + 1]. */
    private static List<IntervalSample> seconds(double... rates) {
        List<IntervalSample> samples = new ArrayList<>();
        for (int i = 0; i < rates.length; i++) {
            samples.add(new IntervalSample(i + 1, "measure", 0, 1000, (long) rates[i], rates[i], 1, 0, 0, 1));
        }
        return samples;
    }

    @Test
    void theRateBeforeThenTheFirstDeliveryThenTheRateBack() {
        // 1000/s, down over (6, 8], a trickle, a backlog drained at 1500, then 1000 again
        List<IntervalSample> samples = seconds(1000, 1000, 1000, 1000, 1000, 1000, 0, 0, 300, 850, 1500, 1000);
        FaultOutcome f = FaultRecovery.of(List.of(new FaultEvent("pause-broker", 6, 2, null)), samples).get(0);
        assertEquals(1000, f.rateBefore(), 1e-9);
        assertEquals(3, f.firstDeliveryAfter(), 1e-9, "the second ending at 9 s delivered first");
        assertEquals(5, f.rateBackAfter(), 1e-9, "850 is below 90%; 1500 at 11 s is back");
    }

    @Test
    void theRateBeforeAFaultLeavesOutTheOneBeforeAndNeverIsNaN() {
        List<IntervalSample> samples = seconds(1000, 1000, 0, 0, 1000, 1000, 0, 0, 0, 0);
        List<FaultOutcome> outcomes = FaultRecovery.of(List.of(new FaultEvent("pause-broker", 2, 2, null),
                new FaultEvent("pause-broker", 6, 2, null)), samples);
        assertEquals(1000, outcomes.get(1).rateBefore(), 1e-9, "only the seconds after the first fault ended");
        assertTrue(Double.isNaN(outcomes.get(1).firstDeliveryAfter()), "nothing delivered after the second");
        assertTrue(Double.isNaN(outcomes.get(1).rateBackAfter()));
    }

    @Test
    void aFaultThatWasNotInjectedHasNoFigures() {
        FaultOutcome f = FaultRecovery.of(List.of(new FaultEvent("pause-broker", 3, 0, "kill -STOP failed")),
                seconds(1000, 1000, 1000, 1000)).get(0);
        assertEquals("kill -STOP failed", f.error());
        assertTrue(Double.isNaN(f.rateBefore()) && Double.isNaN(f.firstDeliveryAfter()));
    }
}
