package io.jmsbench.subscriber;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

class ListenerWorkTest {

    private static long timed(ListenerWork work) {
        long start = System.nanoTime();
        work.spend();
        return System.nanoTime() - start;
    }

    @Test
    void eachMessageTakesAtLeastItsTimeFromTheTableInTurn() {
        ListenerWork work = new ListenerWork(List.of(1_000_000L, 8_000_000L));
        long first = timed(work);
        long second = timed(work);
        long third = timed(work);
        assertTrue(first >= 1_000_000, "at least 1 ms: " + first);
        assertTrue(second >= 8_000_000, "at least 8 ms: " + second);
        assertTrue(third >= 1_000_000, "the table cycles: at least 1 ms: " + third);
    }

    @Test
    void aTimeUnderTheSpinIsSpunWhole() {
        long start = System.nanoTime();
        ListenerWork.spend(ListenerWork.SPIN_NANOS / 2);
        assertTrue(System.nanoTime() - start >= ListenerWork.SPIN_NANOS / 2);
    }

    @Test
    void anEmptyTableIsNoProcessing() {
        assertTrue(new ListenerWork(List.of()).none());
    }
}
