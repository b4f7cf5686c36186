package io.jmsbench.broker.management;

import io.jmsbench.broker.EmbeddedArtemis;
import io.jmsbench.jms.ConnectionFactories;
import io.jmsbench.protocol.Provider;
import io.jmsbench.scenario.BrokerTuning;
import io.jmsbench.scenario.DestinationSpec;
import jakarta.jms.Connection;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Artemis's management on the embedded Artemis: a queue's leftovers read before a point, and purged. */
class ArtemisPurgeTest {

    @TempDir
    Path data;

    @Test
    void aQueuesLeftoversAreReadAndRemoved() throws Exception {
        try (EmbeddedArtemis broker = EmbeddedArtemis.start("127.0.0.1", data, false, BrokerTuning.DEFAULT)) {
            try (Connection c = ConnectionFactories.create(Provider.CORE, broker.coreUrl()).createConnection()) {
                Session session = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
                MessageProducer producer = session.createProducer(session.createQueue("bench.leftover"));
                for (int i = 0; i < 40; i++) {
                    producer.send(session.createTextMessage("left over " + i));
                }
            }
            ArtemisManagement management = new ArtemisManagement(broker.coreUrl(), null, null);

            ManagementWindow window = ManagementWindow.open(management,
                    new DestinationSpec(DestinationSpec.DestinationType.QUEUE, "bench.leftover", 1));

            assertEquals("purged 40 messages from bench.leftover", window.purged());
            assertEquals(Map.of(), window.heldBefore());
            assertEquals(Map.of(), management.read().held(), "Artemis's figures are live: empty at once");
        }
    }
}
