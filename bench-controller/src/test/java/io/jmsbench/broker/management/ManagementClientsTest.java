package io.jmsbench.broker.management;

import io.jmsbench.scenario.Scenario;
import io.jmsbench.scenario.read.ScenarioLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Which management interface a scenario's external broker is read through, before anything connects. */
@Timeout(10)
class ManagementClientsTest {

    private static String source(String broker, String provider) throws Exception {
        Scenario s = ScenarioLoader.parse("name: m\nbroker: " + broker + "\nprovider: " + provider + "\n", "test.yaml",
                "test", List.of());
        return ManagementClients.of(s.broker(), s.provider(), null, null).source();
    }

    @Test
    void anArtemisIsReadThroughItsOwnCorePortByDefault() throws Exception {
        assertEquals("artemis management at tcp://broker-host:61617 (addresses' and queues' counters over the point)",
                source("{url: 'tcp://broker-host:61617', kind: artemis}", "core"));
    }

    @Test
    void anArtemisReachedOverAmqpIsReadThroughItsDefaultAcceptor() throws Exception {
        assertEquals("artemis management at tcp://broker-host:61616 (addresses' and queues' counters over the point)",
                source("{url: 'amqp://broker-host:5672', kind: artemis}", "amqp"));
    }

    @Test
    void aTcpManagementUrlIsArtemissWhateverTheProvider() throws Exception {
        assertEquals("artemis management at tcp://127.0.0.1:40001 (addresses' and queues' counters over the point)",
                source("{url: 'tcp://127.0.0.1:40003', kind: artemis, management: {url: 'tcp://127.0.0.1:40001'}}",
                        "openwire"));
    }

    @Test
    void rabbitMqAndActiveMqKeepTheirDefaults() throws Exception {
        assertEquals("rabbitmq management API at http://rabbit:15672/ (node-wide /api/overview counters over the point)",
                source("{url: 'amqp://rabbit:5672', kind: rabbitmq}", "rabbitmq-jms"));
        assertEquals("activemq JMX at service:jmx:rmi:///jndi/rmi://amq:1099/jmxrmi (destinations' counters over the "
                + "point)", source("{url: 'tcp://amq:61616', kind: activemq}", "openwire"));
    }

    @Test
    void anHttpUrlIsJolokiaForAnActiveMqAndTheApiForARabbitMq() throws Exception {
        assertEquals("activemq Jolokia at http://amq:8161/api/jolokia (destinations' counters over the point)",
                source("{url: 'tcp://amq:61616', kind: activemq, management: {url: 'http://amq:8161/api/jolokia'}}",
                        "openwire"));
        assertEquals("rabbitmq management API at http://rabbit:15672/ (node-wide /api/overview counters over the point)",
                source("{url: 'amqp://rabbit:5672', kind: rabbitmq, management: {url: 'http://rabbit:15672'}}",
                        "amqp"));
    }

    @Test
    void aBrokerOfNoKnownKindHasNoManagementInterface() {
        ManagementUnavailable e = assertThrows(ManagementUnavailable.class,
                () -> source("{url: 'tcp://somewhere:61616'}", "openwire"));
        assertEquals("the broker's kind is not known (broker.kind), so neither is its management interface",
                e.getMessage());
    }
}
