package io.jmsbench.rate;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(10)
class DialedRateTest {

    private static final long ZERO = 5_000_000_000L;

    @Test
    void untouchedItDuesMessagesAsTheFixedRateDoes() {
        Pacer pacer = Pacer.of(4_000, null, new RateDial(4_000));
        assertInstanceOf(DialedRate.class, pacer);
        assertTrue(pacer.paced());
        pacer.started(ZERO);
        FixedRate fixed = FixedRate.perSecond(4_000);
        for (long k = 0; k < 10; k++) {
            assertEquals(fixed.dueNanos(k), pacer.dueNanos(k));
        }
    }

    @Test
    void aRateChangeCountsFromTheLastDueTimeWhenTheClientKeptUp() {
        RateDial dial = new RateDial(1_000); // 1 ms apart
        DialedRate pacer = new DialedRate(dial);
        pacer.started(ZERO);
        assertEquals(9_000_000, pacer.dueNanos(9));
        dial.set(2_000, ZERO + 8_500_000); // set before message 9's due time: the next comes one new interval later
        assertEquals(9_500_000, pacer.dueNanos(10));
        assertEquals(10_000_000, pacer.dueNanos(11));
        assertEquals(10_500_000, pacer.dueNanos(12));
    }

    @Test
    void aClientBehindItsOldScheduleStartsTheNewRateWhenItWasSetAndDoesNotBurst() {
        RateDial dial = new RateDial(1_000);
        DialedRate pacer = new DialedRate(dial);
        pacer.started(ZERO);
        assertEquals(2_000_000, pacer.dueNanos(2));
        dial.set(500, ZERO + 1_000_000_000L); // a second later: the old rate's 998 messages owed are forgotten
        assertEquals(1_000_000_000L, pacer.dueNanos(3));
        assertEquals(1_002_000_000L, pacer.dueNanos(4));
    }

    @Test
    void aPlanWithoutADialOrWithAProfileOrSaturatedKeepsItsOwnPacer() {
        assertInstanceOf(FixedRate.class, Pacer.of(4_000, null, null));
        assertEquals(Pacer.saturated(), Pacer.of(Double.NaN, null, new RateDial(1)));
    }

    @Test
    void aRateOfNothingIsRefusedWithItsValue() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new RateDial(1).set(0, 0));
        assertEquals("a closed loop's rate must be above 0 msgs/s, was 0.0", e.getMessage());
    }
}
