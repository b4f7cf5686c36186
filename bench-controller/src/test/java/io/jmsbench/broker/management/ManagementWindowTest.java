package io.jmsbench.broker.management;

import io.jmsbench.report.BrokerCounts;
import io.jmsbench.scenario.DestinationSpec;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A point's management window on a scripted broker: what it held before, a purge, counts read in part. */
class ManagementWindowTest {

    private static final DestinationSpec QUEUE = new DestinationSpec(DestinationSpec.DestinationType.QUEUE, "bench.q", 1);

    /** A broker that answers its readings in order and records what it was asked to purge. */
    private static class Scripted implements BrokerManagementClient {
        final Deque<BrokerReading> readings;
        final List<Map<String, Long>> purged = new ArrayList<>();

        Scripted(BrokerReading... readings) {
            this.readings = new ArrayDeque<>(List.of(readings));
        }

        @Override
        public String source() {
            return "scripted";
        }

        @Override
        public BrokerReading read() {
            return readings.size() > 1 ? readings.poll() : readings.peek();
        }

        @Override
        public long purge(Map<String, Long> destinations) {
            purged.add(destinations);
            return destinations.values().stream().mapToLong(Long::longValue).sum();
        }
    }

    private static BrokerReading reading(long in, long out, Map<String, Long> held) {
        return new BrokerReading(in, out, out, -1, 0, 0, List.of(), List.of(), held, null);
    }

    @Test
    void whatTheDestinationsHeldBeforeThePointIsKept() throws Exception {
        Scripted broker = new Scripted(reading(100, 100, Map.of("queue bench.q", 300L, "queue other", 5L)),
                reading(400, 400, Map.of()));

        ManagementWindow window = ManagementWindow.open(broker);
        BrokerCounts counts = window.close(Settling.UNKNOWN_END).counts();

        assertEquals(Map.of("queue bench.q", 300L, "queue other", 5L), counts.heldBefore());
        assertEquals(300, counts.enqueued());
        assertNull(window.purged());
        assertTrue(broker.purged.isEmpty());
    }

    @Test
    void aPurgeEmptiesOnlyThePointsDestinationsAndTheCountsStartAfterIt() throws Exception {
        // ActiveMQ counts the 300 purged as dequeued: the window starts from the reading after the purge
        Scripted broker = new Scripted(reading(100, 100, Map.of("queue bench.q", 300L, "queue other", 5L)),
                reading(100, 400, Map.of("queue bench.q", 300L, "queue other", 5L)), reading(1100, 1400, Map.of()));

        ManagementWindow window = ManagementWindow.open(broker, QUEUE);
        BrokerCounts counts = window.close(Settling.UNKNOWN_END).counts();

        assertEquals(List.of(Map.of("queue bench.q", 300L)), broker.purged);
        assertEquals("purged 300 messages from queue bench.q", window.purged());
        assertEquals(Map.of("queue other", 5L), counts.heldBefore(), "the purged queue taken as empty, stale or not");
        assertEquals(1000, counts.enqueued());
        assertEquals(1000, counts.dequeued());
    }

    @Test
    void countersThatDidNotSettleAreUnknownAndTheSourceSaysWhy() throws Exception {
        BrokerReading end = new BrokerReading(5000, 3000, 3200, -1, 200, 1800, List.of(), List.of(), Map.of(), null)
                .partly(true, false, "deliveries and acknowledgements not known");
        Scripted broker = new Scripted(reading(1000, 1000, Map.of())) {
            @Override
            public BrokerReading settled(Settling settling) {
                return end;
            }
        };

        BrokerCounts counts = ManagementWindow.open(broker).close(Settling.after(10, false))
                .counts();

        assertEquals(4000, counts.enqueued());
        assertEquals(BrokerCounts.UNKNOWN, counts.dequeued());
        assertEquals(BrokerCounts.UNKNOWN, counts.dispatched());
        assertEquals(1800, counts.remaining());
        assertEquals("scripted; deliveries and acknowledgements not known", counts.source());
    }

    @Test
    void aCompleteDrainIsWaitedAfterAndOneThatTimedOutIsNot() {
        assertEquals(new Settling(Duration.ofSeconds(20), false, true), Settling.after(1, true));
        assertEquals(new Settling(Duration.ofSeconds(20), true, true), Settling.after(8, true));
        assertEquals(new Settling(Duration.ZERO, true, false), Settling.after(10, false));
        assertEquals(new Settling(Duration.ZERO, false, false), Settling.after(3, false));
    }

    @Test
    void theScenariosDestinationsAreToldByTheirNames() {
        DestinationSpec numbered = new DestinationSpec(DestinationSpec.DestinationType.QUEUE, "bench.q", 3);
        assertTrue(Destinations.named("queue bench.q", QUEUE));
        assertTrue(Destinations.named("vhost/bench.q", QUEUE));
        assertTrue(Destinations.named("bench.q.2", numbered));
        assertEquals(false, Destinations.named("bench.q.2", QUEUE));
        assertEquals(false, Destinations.named("bench.qq", numbered));
        assertEquals(false, Destinations.named("bench.q.", numbered));
    }
}
