package io.jmsbench.scenario;

import io.jmsbench.scenario.read.ScenarioLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

@Timeout(30)
class BrokerManagementTest {

    private static Scenario parse(String broker) throws ScenarioException {
        return ScenarioLoader.parse("name: m\nbroker: " + broker + "\nprovider: rabbitmq-jms\n", "test.yaml", "test",
                List.of());
    }

    @Test
    void anExternalBrokersManagementIsReadWithItsPasswordByReference() throws Exception {
        Scenario s = parse("{url: 'amqp://127.0.0.1:5672', kind: rabbitmq, management: {url: 'http://127.0.0.1:15673', "
                + "user: admin, password: 'env:RABBIT_PASSWORD'}}");
        assertEquals(new BrokerManagement("http://127.0.0.1:15673", "admin", "env:RABBIT_PASSWORD"),
                s.broker().management());
    }

    @Test
    void withoutAManagementSectionEveryFieldIsItsKindsDefault() throws Exception {
        assertEquals(BrokerManagement.DEFAULT, parse("{url: 'amqp://127.0.0.1:5672', kind: rabbitmq}").broker().management());
        assertEquals("http://127.0.0.1:15672", BrokerManagement.defaultUrl(BrokerKind.RABBITMQ, "127.0.0.1", 5672));
        assertEquals("service:jmx:rmi:///jndi/rmi://broker-host:1099/jmxrmi",
                BrokerManagement.defaultUrl(BrokerKind.ACTIVEMQ, "broker-host", 61616));
        assertEquals("tcp://broker-host:61617", BrokerManagement.defaultUrl(BrokerKind.ARTEMIS, "broker-host", 61617));
    }

    @Test
    void aLiteralPasswordIsRefusedWithoutBeingShown() {
        ScenarioException e = assertThrows(ScenarioException.class, () -> parse(
                "{url: 'amqp://127.0.0.1:5672', kind: rabbitmq, management: {password: hunter2}}"));
        assertEquals(List.of(new Problem("test.yaml", 2, 79, "broker.management.password", "expected env:NAME or "
                + "file:PATH (where the password is; never the password itself, which every report would copy), found "
                + "something else (not shown)")), e.problems());
        assertFalse(e.problems().toString().contains("hunter2"));
    }

    @Test
    void theEmbeddedBrokerTakesNoManagementSection() {
        ScenarioException e = assertThrows(ScenarioException.class, () -> parse(
                "{embedded: activemq, management: {url: 'http://127.0.0.1:15672'}}\nprovider: openwire"));
        assertEquals("expected management only with an external broker (url): the embedded broker's counts are read "
                + "without it, found one", e.problems().get(0).message());
    }
}
