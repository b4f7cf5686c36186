package io.jmsbench.broker.management;

import io.jmsbench.protocol.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Artemis's management answers (listQueues as 2.40 writes it, fields cut to those read), summed. */
@Timeout(10)
class ArtemisFiguresTest {

    private static final String QUEUES = """
            {"data":[
              {"name":"3f1c-sub-1","address":"bench.t","messagesAdded":"1000","messagesAcked":"990",
               "deliveringCount":"10","messageCount":"12","internalQueue":"false"},
              {"name":"3f1c-sub-2","address":"bench.t","messagesAdded":"1000","messagesAcked":"1000",
               "deliveringCount":"0","messageCount":"0","internalQueue":"false"},
              {"name":"DLQ","address":"DLQ","messagesAdded":"0","messagesAcked":"0","deliveringCount":"0",
               "messageCount":"3","internalQueue":"false"},
              {"name":"notif","address":"activemq.notifications","messagesAdded":"77","messagesAcked":"77",
               "deliveringCount":"0","messageCount":"0","internalQueue":"false"},
              {"name":"activemq.management.5d0e","address":"activemq.management.5d0e","messagesAdded":"9","messagesAcked":"9","deliveringCount":"0",
               "messageCount":"0","internalQueue":"false"},
              {"name":"$.artemis.internal.sf","address":"bench.t","messagesAdded":"5","messagesAcked":"5",
               "deliveringCount":"0","messageCount":"0","internalQueue":"true"}
            ],"count":6}
            """;

    private static final ArtemisFigures.Memory CALM = new ArtemisFigures.Memory(1024, 0, 64L << 20);

    @Test
    void aTopicsMessagesCountOnceInAndEachSubscriptionsAcknowledgementsOut() throws Exception {
        BrokerReading r = ArtemisFigures.reading(List.of(
                        new ArtemisFigures.Address("bench.t", 995, 5, false, 0),
                        new ArtemisFigures.Address("DLQ", 0, 0, false, 0),
                        new ArtemisFigures.Address("activemq.notifications", 77, 0, false, 0),
                        new ArtemisFigures.Address("ActiveMQ.Advisory.Consumer.Queue.bench.q", 0, 2, false, 0),
                        new ArtemisFigures.Address("activemq.management.5d0e", 9, 0, false, 0)),
                ArtemisFigures.queues(Json.MAPPER.readTree(QUEUES)), CALM);
        assertEquals(new BrokerReading(1000, 1990, 2000, -1, 10, 2 + 3, List.of(), List.of()), r);
    }

    @Test
    void aPagingAddressIsFlowControlAndAFullAddressMemoryAnAlarm() {
        BrokerReading r = ArtemisFigures.reading(List.of(new ArtemisFigures.Address("bench.q", 10, 0, true, 3)),
                List.of(), new ArtemisFigures.Memory(67_108_864, 100, 67_108_864));
        assertEquals(List.of("address bench.q: paging (3 page files): the broker's address memory is full, so its "
                + "messages go to disk"), r.flowControl());
        assertEquals(List.of("broker: AddressMemoryUsage 67,108,864 bytes, 100% of global-max-size 67,108,864 bytes "
                + "(its address-full-policy blocks producers, pages or fails sends)"), r.alarms());
    }

    @Test
    void anUnboundedAddressMemoryRaisesNoAlarm() {
        BrokerReading r = ArtemisFigures.reading(List.of(), List.of(), new ArtemisFigures.Memory(5_000, 100, -1));
        assertEquals(List.of(), r.alarms());
    }
}
