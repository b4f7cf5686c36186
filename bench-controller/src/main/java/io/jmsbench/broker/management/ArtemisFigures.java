package io.jmsbench.broker.management;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;

/**
 * What Artemis's management answers, summed as the embedded Artemis sums its own counters
 * ({@code EmbeddedArtemis.counts()}): messages in are every message sent to the clients' addresses,
 * routed or not; out are the queues' acknowledgements, their deliveries not yet acknowledged and
 * what they still hold. Artemis's own addresses ({@code activemq.*}, {@code $sys...}, OpenWire
 * advisories) do not count, nor, with them, the reading's own reply address
 * ({@code activemq.management.UUID}, which {@code ClientRequestor} makes). Pure, so that the sums are
 * tested without a broker.
 */
final class ArtemisFigures {

    private ArtemisFigures() {
    }

    /** One address's cumulative counters and whether it pages ({@code pages}: its page files then). */
    record Address(String name, long routed, long unrouted, boolean paging, long pages) {
    }

    /**
     * One queue, as {@code listQueues} gives it: its address, messages acknowledged (cumulative),
     * being delivered and held (Artemis's MessageCount, which counts the ones being delivered too).
     */
    record Queue(String name, String address, long acknowledged, long delivering, long messageCount,
                 boolean internal) {
    }

    /** The broker's address memory: bytes used, the share of global-max-size, the limit in bytes. */
    record Memory(long used, int percent, long globalMaxSize) {
    }

    /**
     * Whether the counts take an address in: not one of Artemis's own, nor one of the advisory topics
     * its OpenWire acceptor sends to as ActiveMQ Classic would ({@code ActiveMQ.Advisory.*}).
     */
    static boolean counted(String address) {
        return !address.startsWith("activemq.") && !address.startsWith("$") && !address.startsWith("ActiveMQ.Advisory.");
    }

    /**
     * The queues of one page of {@code listQueues}' answer ({@code {"data": [...], "count": N}};
     * Artemis writes every value as a string).
     */
    static List<Queue> queues(JsonNode page) {
        List<Queue> queues = new ArrayList<>();
        for (JsonNode q : page.path("data")) {
            queues.add(new Queue(q.path("name").asText(""), q.path("address").asText(""),
                    q.path("messagesAcked").asLong(0),
                    q.path("deliveringCount").asLong(0), q.path("messageCount").asLong(0),
                    q.path("internalQueue").asBoolean(false)));
        }
        return queues;
    }

    /** The reading the window takes the change of. */
    static BrokerReading reading(List<Address> addresses, List<Queue> queues, Memory memory) {
        long in = 0, acknowledged = 0, delivering = 0, held = 0;
        List<String> flowControl = new ArrayList<>();
        for (Address a : addresses) {
            if (!counted(a.name())) {
                continue;
            }
            in += a.routed() + a.unrouted();
            if (a.paging()) {
                flowControl.add(String.format(Locale.ROOT, "address %s: paging (%,d page files): the broker's address "
                        + "memory is full, so its messages go to disk", a.name(), a.pages()));
            }
        }
        Map<String, Long> perQueue = new HashMap<>();
        for (Queue q : queues) {
            if (q.internal() || !counted(q.address())) {
                continue;
            }
            if (q.messageCount() > 0) {
                perQueue.merge(q.name().equals(q.address()) ? q.name() : q.address() + "/" + q.name(),
                        q.messageCount(), Long::sum);
            }
            acknowledged += q.acknowledged();
            delivering += q.delivering();
            held += Math.max(0, q.messageCount() - q.delivering());
        }
        List<String> alarms = new ArrayList<>();
        if (memory.globalMaxSize() > 0 && memory.percent() >= 100) {
            alarms.add(String.format(Locale.ROOT, "broker: AddressMemoryUsage %,d bytes, %d%% of global-max-size "
                    + "%,d bytes (its address-full-policy blocks producers, pages or fails sends)", memory.used(),
                    memory.percent(), memory.globalMaxSize()));
        }
        return new BrokerReading(in, acknowledged, acknowledged + delivering, -1, delivering, held, alarms,
                flowControl, perQueue, null);
    }
}
