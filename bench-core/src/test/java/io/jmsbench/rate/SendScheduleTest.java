package io.jmsbench.rate;

import io.jmsbench.protocol.RateStep;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The due times of a profile against times worked out by hand: 1,000 msgs/s for 2 s (messages 0
 * to 1,999), a ramp to 3,000 over 2 s (1,000 t + 500 t², 4,000 messages), bursts of 10,000 for
 * 0.5 s in every 2 s over 4 s with 3,000 between (9,500 a period, 19,000 in all), then 3,000 held.
 */
@Timeout(10)
class SendScheduleTest {

    private static final long S = 1_000_000_000L;
    private static final List<RateStep> PROFILE = List.of(RateStep.hold(1000, 2 * S), RateStep.ramp(1000, 3000, 2 * S),
            RateStep.burst(3000, 10_000, S / 2, 2 * S, 4 * S));

    private static void assertDue(SendSchedule schedule, long k, double seconds) {
        assertEquals(seconds, schedule.dueNanos(k) / 1e9, 1e-6, "message " + k);
    }

    @Test
    void aHoldSpacesMessagesByOneOverItsRateFromTheStart() {
        SendSchedule schedule = SendSchedule.of(PROFILE);
        assertDue(schedule, 0, 0);
        assertDue(schedule, 1, 0.001);
        assertDue(schedule, 500, 0.5);
        assertDue(schedule, 1999, 1.999);
    }

    @Test
    void aRampDueTimeSolvesItsQuadraticCount() {
        SendSchedule schedule = SendSchedule.of(PROFILE);
        assertDue(schedule, 2000, 2.0);
        // 1,000 t + 500 t² = 1,500 at t = 1
        assertDue(schedule, 3500, 3.0);
        // 1,000 t + 500 t² = 4,000 at t = 2: the ramp's end
        assertDue(schedule, 6000, 4.0);
    }

    @Test
    void aRampDownIsSolvedToo() {
        SendSchedule schedule = SendSchedule.of(List.of(RateStep.hold(2000, S), RateStep.ramp(2000, 1000, 2 * S)));
        // 2,000 t - 250 t² = 1,750 at t = 1
        assertDue(schedule, 3750, 2.0);
        // after the ramp, 1,000 msgs/s held: 2,000 + 3,000 by 3 s, then one more each millisecond
        assertDue(schedule, 5000, 3.0);
        assertDue(schedule, 5010, 3.01);
    }

    @Test
    void aBurstSendsItsRateFirstThenThePreviousRateInEachPeriod() {
        SendSchedule schedule = SendSchedule.of(PROFILE);
        assertDue(schedule, 6000 + 2500, 4.25);           // in the first burst: 2,500 / 10,000 s
        assertDue(schedule, 6000 + 5000 + 1500, 5.0);     // 0.5 s of burst, then 1,500 / 3,000 s
        assertDue(schedule, 6000 + 9500 + 100, 6.01);     // the second period
        assertDue(schedule, 6000 + 19_000, 8.0);          // the segment's end
    }

    @Test
    void afterTheLastStepItsEndRateIsHeld() {
        SendSchedule schedule = SendSchedule.of(PROFILE);
        assertDue(schedule, 25_000 + 3000, 9.0);          // a burst ends at its base rate, 3,000 msgs/s
        assertEquals(3000, schedule.rateAt(60), 1e-9);
        SendSchedule open = SendSchedule.of(List.of(RateStep.hold(100, 0)));
        assertDue(open, 360_000, 3600.0);
    }

    @Test
    void aMessageSentAgainAfterLaterOnesIsDueWhenItWasFirst() {
        SendSchedule schedule = SendSchedule.of(PROFILE);
        assertDue(schedule, 20_000, schedule.dueNanos(20_000) / 1e9);
        assertDue(schedule, 100, 0.1);
    }

    @Test
    void theTargetRateAndCountFollowEachStep() {
        SendSchedule schedule = SendSchedule.of(PROFILE);
        assertEquals(1000, schedule.rateAt(1), 1e-9);
        assertEquals(2000, schedule.rateAt(3), 1e-9);
        assertEquals(10_000, schedule.rateAt(4.1), 1e-9);
        assertEquals(3000, schedule.rateAt(4.6), 1e-9);
        assertEquals(10_000, schedule.rateAt(6.2), 1e-9);
        assertEquals(3500, schedule.count(3), 1e-6);
        assertEquals(1500, schedule.meanRate(2, 3), 1e-6);
        assertEquals((5000 + 1500) / 1.0, schedule.meanRate(4, 5), 1e-6);
    }

    @Test
    void aStepButTheLastWithoutLengthIsRefused() {
        assertThrows(IllegalArgumentException.class,
                () -> SendSchedule.of(List.of(RateStep.hold(100, 0), RateStep.hold(200, S))));
        assertThrows(IllegalArgumentException.class, () -> SendSchedule.of(List.of()));
    }
}
