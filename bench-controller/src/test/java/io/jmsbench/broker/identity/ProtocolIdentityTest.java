package io.jmsbench.broker.identity;

import io.jmsbench.broker.EmbeddedArtemis;
import io.jmsbench.broker.EmbeddedBroker;
import io.jmsbench.scenario.BrokerKind;
import io.jmsbench.scenario.BrokerTuning;
import io.jmsbench.scenario.Provider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A broker's kind from what it tells a client that connects, on the embedded ActiveMQ and Artemis. */
class ProtocolIdentityTest {

    @TempDir
    Path data;

    @Test
    void anActiveMqClassicIsKnownByItsOpenWireBrokerIdAndGivesItsVersion() throws Exception {
        try (EmbeddedBroker broker = new EmbeddedBroker("127.0.0.1", data, false, BrokerTuning.DEFAULT)) {
            BrokerIdentity openwire = ProtocolIdentity.of(Provider.OPENWIRE, broker.openwireUrl(), null, null);

            assertEquals(BrokerKind.ACTIVEMQ, openwire.kind(), openwire.toString());
            assertTrue(openwire.source().startsWith("OpenWire's BrokerInfo (broker id ID:"), openwire.source());
            assertTrue(openwire.version() != null && openwire.version().matches("\\d+\\.\\d+.*"), openwire.toString());
        }
    }

    @Test
    void anArtemisIsKnownByItsOpenWireNodeIdAndItsAmqpOpenFrame() throws Exception {
        try (EmbeddedArtemis broker = EmbeddedArtemis.start("127.0.0.1", data, false, BrokerTuning.DEFAULT)) {
            BrokerIdentity openwire = ProtocolIdentity.of(Provider.OPENWIRE, broker.openwireUrl(), null, null);
            BrokerIdentity amqp = ProtocolIdentity.of(Provider.AMQP, broker.amqpUrl(), null, null);

            assertEquals(BrokerKind.ARTEMIS, openwire.kind(), openwire.toString());
            assertNull(openwire.version(), "the OpenWire library Artemis bundles names its own version, not Artemis's");
            assertEquals(BrokerKind.ARTEMIS, amqp.kind(), amqp.toString());
            assertEquals("the AMQP 1.0 open frame", amqp.source());
            assertTrue(amqp.version() != null && amqp.version().startsWith("2."), amqp.toString());
        }
    }

    @Test
    void nothingListeningTellsNothing() throws Exception {
        assertEquals(BrokerIdentity.UNKNOWN, ProtocolIdentity.of(Provider.AMQP, "amqp://127.0.0.1:9", null, null));
        assertEquals(BrokerIdentity.UNKNOWN, ProtocolIdentity.of(Provider.OPENWIRE,
                "tcp://127.0.0.1:9?maxReconnectAttempts=0", null, null));
    }

    @Test
    void theScenariosKindOverridesAndTheSourceSaysWhatTheBrokerSaid() {
        BrokerIdentity told = BrokerIdentity.told("RabbitMQ", "3.10.8", "the AMQP 1.0 open frame");

        assertEquals(BrokerKind.RABBITMQ, told.kind());
        assertEquals(new BrokerIdentity(BrokerKind.RABBITMQ, "RabbitMQ", "3.10.8", "broker.kind"),
                told.under(BrokerKind.RABBITMQ));
        assertEquals(new BrokerIdentity(BrokerKind.ARTEMIS, "RabbitMQ", null, "broker.kind (the broker named itself "
                + "RabbitMQ 3.10.8 in the AMQP 1.0 open frame)"), told.under(BrokerKind.ARTEMIS));
        assertEquals(told, told.under(null));
        assertEquals(BrokerKind.ARTEMIS, BrokerIdentity.kindOf("apache-activemq-artemis"));
        assertEquals(BrokerKind.ACTIVEMQ, BrokerIdentity.kindOf("ActiveMQ"));
        assertNull(BrokerIdentity.kindOf("Solace"));
    }
}
