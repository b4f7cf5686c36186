package io.jmsbench.rate;

import io.jmsbench.protocol.RateStep;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(10)
class PacerTest {

    @Test
    void aPlanWithoutARateIsSaturatedAndNothingWaits() {
        Pacer pacer = Pacer.of(Double.NaN, null);
        assertFalse(pacer.paced());
        assertEquals(0, pacer.dueNanos(1_000));
    }

    @Test
    void aFixedRateDuesMessageKAtKIntervals() {
        Pacer pacer = Pacer.of(4_000, null);
        assertTrue(pacer.paced());
        assertEquals(new FixedRate(250_000), pacer);
        assertEquals(0, pacer.dueNanos(0));
        assertEquals(750_000, pacer.dueNanos(3));
    }

    @Test
    void aProfileTakesPrecedenceOverTheRate() {
        Pacer pacer = Pacer.of(4_000, List.of(RateStep.hold(1_000, 0)));
        assertInstanceOf(SendSchedule.class, pacer);
        assertEquals(2_000_000, pacer.dueNanos(2));
    }

    @Test
    void aRateAboveOneMessagePerNanosecondIsOnePerNanosecond() {
        assertEquals(new FixedRate(1), FixedRate.perSecond(5e9));
    }

    @Test
    void anIntervalOfNothingIsRefusedWithItsValue() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new FixedRate(0));
        assertEquals("a fixed rate's interval must be positive, was 0 ns", e.getMessage());
    }
}
