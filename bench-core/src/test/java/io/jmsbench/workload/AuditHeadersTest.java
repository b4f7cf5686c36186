package io.jmsbench.workload;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AuditHeadersTest {

    @Test
    void anIdCarriesRunTagPublisherResendAndSequenceUnchangedAtTheirLimits() {
        int[] tags = {0, 1, 0xFFF};
        int[] publishers = {0, 1, 99_999, AuditHeaders.MAX_PUBLISHERS - 1};
        long[] sequences = {0, 1, 1L << 33, AuditHeaders.MAX_SEQUENCE};
        for (int tag : tags) {
            for (int publisher : publishers) {
                for (long sequence : sequences) {
                    for (boolean resend : new boolean[] {false, true}) {
                        long id = AuditHeaders.id(tag, publisher, sequence, resend);
                        assertEquals(tag, AuditHeaders.runTagOf(id));
                        assertEquals(publisher, AuditHeaders.publisherOf(id));
                        assertEquals(sequence, AuditHeaders.sequenceOf(id));
                        assertEquals(resend, AuditHeaders.resendOf(id));
                    }
                }
            }
        }
    }

    @Test
    void aSequenceBeyondItsBitsIsRefusedNotWrapped() {
        assertThrows(IllegalStateException.class, () -> AuditHeaders.id(1, 1, AuditHeaders.MAX_SEQUENCE + 1));
    }

    @Test
    void runTagsAreTwelveBitsAndTellNeighbouringRunIdsApart() {
        int a = AuditHeaders.runTag("20261122T225643Z");
        int b = AuditHeaders.runTag("20261122T225644Z");
        assertTrue(a >= 0 && a < 4096 && b >= 0 && b < 4096);
        assertNotEquals(a, b);
    }

    @Test
    void publisherIdsRoundTripAndOthersAreRefused() {
        assertEquals("pub-42", AuditHeaders.publisherId(42));
        assertEquals(42, AuditHeaders.publisherIndex("pub-42"));
        assertThrows(IllegalArgumentException.class, () -> AuditHeaders.publisherIndex("sub-0-1"));
        assertThrows(IllegalArgumentException.class,
                () -> AuditHeaders.publisherIndex("pub-" + AuditHeaders.MAX_PUBLISHERS));
    }
}
