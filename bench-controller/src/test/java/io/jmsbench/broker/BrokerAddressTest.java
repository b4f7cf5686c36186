package io.jmsbench.broker;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

@Timeout(10)
class BrokerAddressTest {

    @Test
    void aPlainUrlGivesItsHostAndPort() {
        assertEquals(Optional.of(new BrokerAddress("127.0.0.1", 61616)), BrokerAddress.of("tcp://127.0.0.1:61616?x=1"));
        assertEquals(Optional.of(new BrokerAddress("rabbit-host", 5673)), BrokerAddress.of("amqp://rabbit-host:5673"));
    }

    @Test
    void aFailoverUrlGivesItsFirstBroker() {
        assertEquals(Optional.of(new BrokerAddress("a", 61617)),
                BrokerAddress.of("failover:(tcp://a:61617,tcp://b:61618)?maxReconnectAttempts=3"));
        assertEquals(Optional.of(new BrokerAddress("a", 5672)), BrokerAddress.of("failover:(amqp://a)"));
    }

    @Test
    void aUrlWithoutAPortTakesItsSchemesAndBrokerPortOverridesIt() {
        assertEquals(Optional.of(new BrokerAddress("h", 5672)), BrokerAddress.of("amqp://h"));
        assertEquals(new BrokerAddress("h", 15000), BrokerAddress.of("amqp://h").orElseThrow().withPort(15000));
        assertEquals(Optional.of(new BrokerAddress("::1", 61616)), BrokerAddress.of("tcp://[::1]:61616"));
    }

    @Test
    void aUrlWithoutAHostGivesNone() {
        assertEquals(Optional.empty(), BrokerAddress.of("vm:broker"));
    }
}
