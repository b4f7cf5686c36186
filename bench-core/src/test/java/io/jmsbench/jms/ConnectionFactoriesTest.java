package io.jmsbench.jms;

import io.jmsbench.protocol.DeliveryPlan;
import io.jmsbench.protocol.DeliveryPlan.AckMode;
import io.jmsbench.protocol.Provider;
import org.apache.activemq.ActiveMQConnectionFactory;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ConnectionFactoriesTest {

    private static final String URL = "tcp://127.0.0.1:61616";

    private static DeliveryPlan delivery(AckMode ack) {
        return new DeliveryPlan(false, ack, false, 1, 1, false);
    }

    private static boolean sessionAsync(String url, AckMode ack) {
        return ((ActiveMQConnectionFactory) ConnectionFactories.createForSubscribers(Provider.OPENWIRE, url,
                delivery(ack), null)).isAlwaysSessionAsync();
    }

    @Test
    void subscribersThatDoNotWaitForTheBrokerListenOnTheTransportThread() {
        assertFalse(sessionAsync(URL, AckMode.AUTO));
        assertFalse(sessionAsync(URL, AckMode.DUPS_OK));
    }

    @Test
    void clientAcknowledgementAndTransactionsKeepTheSessionThread() {
        assertTrue(sessionAsync(URL, AckMode.CLIENT));
        assertTrue(sessionAsync(URL, AckMode.TRANSACTED));
    }

    @Test
    void aBrokerUrlThatChoosesItselfWins() {
        assertTrue(sessionAsync(URL + "?jms.alwaysSessionAsync=true", AckMode.AUTO));
        assertEquals("as the broker URL's jms.alwaysSessionAsync says", ConnectionFactories.subscriberSettings(
                Provider.OPENWIRE, URL + "?jms.alwaysSessionAsync=true", delivery(AckMode.AUTO))
                .get("subscriberListener"));
    }

    @Test
    void publishersKeepTheProvidersDefault() {
        assertTrue(((ActiveMQConnectionFactory) ConnectionFactories.create(Provider.OPENWIRE, URL))
                .isAlwaysSessionAsync());
    }

    @Test
    void theReportSaysWhereTheListenersRun() {
        assertEquals("on the transport thread (alwaysSessionAsync=false)", ConnectionFactories.subscriberSettings(
                Provider.OPENWIRE, URL, delivery(AckMode.AUTO)).get("subscriberListener"));
        assertEquals("on a session thread (alwaysSessionAsync=true)", ConnectionFactories.subscriberSettings(
                Provider.OPENWIRE, URL, delivery(AckMode.CLIENT)).get("subscriberListener"));
        assertFalse(ConnectionFactories.subscriberSettings(Provider.AMQP, "amqp://127.0.0.1:5672",
                delivery(AckMode.AUTO)).containsKey("subscriberListener"));
    }

    private static org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory core(String url, boolean asyncSend) {
        return (org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory)
                ConnectionFactories.create(Provider.CORE, url, asyncSend, null);
    }

    @Test
    void theCoreClientGivesUpRatherThanWaitingForever() {
        var factory = core(URL, false);
        assertEquals(0, factory.getReconnectAttempts(), "a lost broker is an error, not a retry loop");
        assertEquals(1, factory.getInitialConnectAttempts());
        assertEquals(ConnectionFactories.REQUEST_TIMEOUT_MS, factory.getCallTimeout());
        assertEquals(ConnectionFactories.CORE_CONNECTION_TTL_MS, factory.getConnectionTTL());
        assertEquals(ConnectionFactories.CORE_FAILURE_CHECK_MS, factory.getClientFailureCheckPeriod());
        assertEquals(String.valueOf(ConnectionFactories.CONNECT_TIMEOUT_MS),
                String.valueOf(factory.getStaticConnectors()[0].getParams().get("connect-timeout-millis")));
        assertTrue(factory.isBlockOnDurableSend(), "persistent sends wait for the broker unless asked otherwise");
        assertFalse(core(URL, true).isBlockOnDurableSend());
    }

    @Test
    void aCoreUrlsOwnConnectTimeoutWins() {
        assertEquals("2500", String.valueOf(core(URL + "?connect-timeout-millis=2500", false).getStaticConnectors()[0]
                .getParams().get("connect-timeout-millis")));
    }

    @Test
    void theReportSaysHowTheCoreClientIsBounded() {
        var settings = ConnectionFactories.settings(Provider.CORE, delivery(AckMode.AUTO));
        assertTrue(settings.get("client").startsWith("artemis-jakarta-client "), settings.toString());
        assertEquals("0", settings.get("reconnectAttempts"));
        assertEquals("asynchronous (non-persistent)", settings.get("sendMode"));
    }
}
