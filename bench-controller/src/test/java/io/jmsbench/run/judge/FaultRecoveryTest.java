package io.jmsbench.run.judge;

import io.jmsbench.protocol.ClientCount;
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
    void aRateBackOnlyAfterTheNextFaultStartedIsNotThisFaultsRecovery() {
        // 1000/s, down over (6, 8], a trickle until the next fault at 10, down over (10, 12], 1500 after it
        List<IntervalSample> samples = seconds(1000, 1000, 1000, 1000, 1000, 1000, 0, 0, 300, 400, 0, 0, 1500);
        List<FaultOutcome> outcomes = FaultRecovery.of(List.of(new FaultEvent("kill-broker", 6, 2, null),
                new FaultEvent("kill-broker", 10, 2, null)), samples);
        assertEquals(3, outcomes.get(0).firstDeliveryAfter(), 1e-9, "the second ending at 9 s delivered first");
        assertTrue(Double.isNaN(outcomes.get(0).rateBackAfter()),
                "1500 at 13 s came after the next fault: " + outcomes.get(0).rateBackAfter());
        assertEquals(350, outcomes.get(1).rateBefore(), 1e-9);
        assertEquals(3, outcomes.get(1).rateBackAfter(), 1e-9, "the next fault's own recovery");
    }

    @Test
    void theSecondEndingAsTheNextFaultStartsIsStillBeforeIt() {
        List<IntervalSample> samples = seconds(1000, 1000, 0, 0, 500, 1000, 0, 0);
        FaultOutcome f = FaultRecovery.of(List.of(new FaultEvent("pause-broker", 2, 2, null),
                new FaultEvent("pause-broker", 6.0004, 2, null)), samples).get(0);
        assertEquals(3, f.firstDeliveryAfter(), 1e-9);
        assertEquals(4, f.rateBackAfter(), 1e-9, "the second ending at 6 s");
    }

    @Test
    void aFaultThatWasNotInjectedDoesNotEndTheSearchForTheOneBefore() {
        List<IntervalSample> samples = seconds(1000, 1000, 0, 0, 300, 300, 1000, 1000);
        List<FaultOutcome> outcomes = FaultRecovery.of(List.of(new FaultEvent("pause-broker", 2, 2, null),
                new FaultEvent("pause-broker", 5, 0, "kill -STOP failed")), samples);
        assertEquals(5, outcomes.get(0).rateBackAfter(), 1e-9, "nothing stopped at 5 s: 1000 at 7 s is back");
    }

    @Test
    void aFaultThatWasNotInjectedHasNoFigures() {
        FaultOutcome f = FaultRecovery.of(List.of(new FaultEvent("pause-broker", 3, 0, "kill -STOP failed")),
                seconds(1000, 1000, 1000, 1000)).get(0);
        assertEquals("kill -STOP failed", f.error());
        assertTrue(Double.isNaN(f.rateBefore()) && Double.isNaN(f.firstDeliveryAfter()));
    }

    @Test
    void eachFaultCountsTheClientsThatReconnectedBeforeTheNextOne() {
        List<IntervalSample> samples = seconds(1000, 1000, 0, 0, 1000, 1000, 0, 0, 1000, 1000);
        long first = 1_000_000;
        long second = first + 4_000;
        List<ClientCount> clients = List.of(
                new ClientCount("pub-0", 9, 0, null, List.of(first + 10, second + 10), List.of(first + 2_500,
                        second + 2_100)),
                new ClientCount("sub-0-0", 9, 0, null, List.of(first + 20), List.of(first + 2_900)),
                new ClientCount("sub-0-1", 9, 0, null));
        List<FaultOutcome> outcomes = FaultRecovery.of(List.of(new FaultEvent("kill-broker", 2, 2, null, first),
                new FaultEvent("kill-broker", 6, 2, null, second)), samples, clients);
        assertEquals(2, outcomes.get(0).clientsReconnected());
        assertEquals(2.9, outcomes.get(0).reconnectedAfter(), 1e-9, "the last of the two");
        assertEquals(1, outcomes.get(1).clientsReconnected());
        assertEquals(2.1, outcomes.get(1).reconnectedAfter(), 1e-9);
        assertEquals("kill-broker at 2.0 s for 2.0 s: first delivery within 3.0 s, rate back (90% of 1,000 msgs/s) "
                + "within 3.0 s, 2 clients reconnected within 2.9 s", io.jmsbench.report.FaultLines.line(outcomes.get(0)));
    }

    @Test
    void withoutAReconnectionNoneIsCounted() {
        FaultOutcome f = FaultRecovery.of(List.of(new FaultEvent("pause-broker", 2, 2, null, 5_000)),
                seconds(1000, 1000, 0, 0, 1000), List.of(new ClientCount("pub-0", 5, 0, null))).get(0);
        assertEquals(0, f.clientsReconnected());
        assertTrue(Double.isNaN(f.reconnectedAfter()));
    }
}
