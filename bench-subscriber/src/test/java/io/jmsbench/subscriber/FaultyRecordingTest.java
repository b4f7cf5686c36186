package io.jmsbench.subscriber;

import io.jmsbench.protocol.SubscriberFaults;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

@Timeout(10)
class FaultyRecordingTest {

    @Test
    void everyThirdReceiptIsLeftOutAndEveryFourthRecordedTwice() {
        List<Long> recorded = new ArrayList<>();
        Recording faulty = new FaultyRecording((p, s, r, x) -> recorded.add(s), new SubscriberFaults(3, 4));
        for (long s = 10; s < 22; s++) { // receipts 1 to 12
            faulty.record(0, s, false, false);
        }
        // receipts 3, 6, 9, 12 (messages 12, 15, 18, 21) left out; 4 and 8 (13, 17) twice; 12 left out first
        assertEquals(List.of(10L, 11L, 13L, 13L, 14L, 16L, 17L, 17L, 19L, 20L), recorded);
    }

    @Test
    void noFaultsAskedIsNoDecorator() {
        assertFalse(SubscriberFaults.asked(null));
        assertFalse(SubscriberFaults.asked(new SubscriberFaults(0, 0)));
    }
}
