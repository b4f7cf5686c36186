package io.jmsbench.scenario.read;

import io.jmsbench.scenario.AgentsSpec;
import io.jmsbench.scenario.BrokerSpec;
import io.jmsbench.scenario.CpuSpec;
import io.jmsbench.scenario.BrokerTuning;
import io.jmsbench.scenario.Defaults;
import io.jmsbench.scenario.DeliverySpec.AckMode;
import io.jmsbench.scenario.DeliverySpec;
import io.jmsbench.scenario.DestinationSpec.DestinationType;
import io.jmsbench.scenario.DestinationSpec;
import io.jmsbench.scenario.MessageSpec.MessageType;
import io.jmsbench.scenario.MessageSpec;
import io.jmsbench.scenario.Phases;
import io.jmsbench.scenario.Problem;
import io.jmsbench.scenario.Provider;
import io.jmsbench.scenario.PublishRate;
import io.jmsbench.scenario.PublisherSpec;
import io.jmsbench.scenario.Scenario;
import io.jmsbench.scenario.ScenarioException;
import io.jmsbench.scenario.SubscriberGroup;
import io.jmsbench.scenario.TlsSpec;
import io.jmsbench.scenario.Validity;
import io.jmsbench.text.Durations;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(60)
class ScenarioLoaderTest {

    private static final String FULL = """
            name: full-run
            description: every field set, none left to its default
            broker:
              embedded: activemq
              persistent: true
            provider: amqp
            destination:
              type: queue
              name: bench.full
            message:
              type: bytes
              size: 4096
              properties: 3
              values: "#1"
            publishers:
              clients: 4
              rate: max
            subscribers:
              - clients: 2
                selector: "P1 = '#1'"
              - clients: 5
            delivery:
              persistent: true
              ack: dups_ok
            phases:
              warmup: 30s
              measure: 2m
              drain: 500ms
            """;

    @TempDir
    Path dir;

    @Test
    void brokerTlsKeepsPasswordReferencesAndChecksTheHostByDefault() throws ScenarioException {
        Scenario s = parse("provider: amqp\nbroker:\n  url: amqps://broker:5671\n  tls: {trustStore: /t.p12,"
                + " trustStorePassword: 'env:TRUST_PW', keyStore: /k.p12, keyStorePassword: 'file:/run/pw',"
                + " protocols: [TLSv1.3]}\n");

        assertEquals(new TlsSpec("/t.p12", "env:TRUST_PW", "/k.p12", "file:/run/pw", List.of("TLSv1.3"), true),
                s.broker().tls());
        assertEquals(null, parse("name: x\n").broker().tls());
        assertEquals(new TlsSpec(null, null, null, null, List.of(), false),
                parse("provider: core\nbroker: {url: 'tcp://b:61617', tls: {verifyHost: false}}\n").broker().tls(),
                "core turns TLS on with sslEnabled, whatever the scheme");
    }

    private static Scenario parse(String text, String... overrides) throws ScenarioException {
        return ScenarioLoader.parse(text, "test.yaml", "test", List.of(overrides));
    }

    private static Scenario defaults(String name) {
        return new Scenario(name, "",
                BrokerSpec.embedded(Defaults.EMBEDDED_BROKER, Defaults.BROKER_PERSISTENT),
                Defaults.PROVIDER,
                new DestinationSpec(Defaults.DESTINATION_TYPE, Defaults.DESTINATION_NAME, Defaults.DESTINATION_COUNT),
                MessageSpec.builder().build(),
                PublisherSpec.single(Defaults.PUBLISHER_CLIENTS, Defaults.PUBLISH_RATE),
                List.of(SubscriberGroup.of(Defaults.SUBSCRIBER_CLIENTS, null)),
                delivery(Defaults.DELIVERY_PERSISTENT, Defaults.ACK),
                new Phases(Defaults.MAX_WARMUP, Defaults.MAX_MEASURE, Defaults.DRAIN, 0, true, true, Defaults.PRECISION),
                Validity.DEFAULT, AgentsSpec.LOCAL, List.of(), CpuSpec.SHARED);
    }

    /** A delivery mode with every other delivery field at its default. */
    private static DeliverySpec delivery(boolean persistent, AckMode ack) {
        return new DeliverySpec(persistent, ack, Defaults.DURABLE, Defaults.ACK_EVERY, Defaults.TRANSACTION_SIZE,
                Defaults.ASYNC_SEND);
    }

    @Test
    void validityTakesPercentagesAsPrecisionDoesAndDecimalsAsBefore() throws ScenarioException {
        assertEquals(new Validity(0.9, 0.6, Defaults.CLOCK_UNCERTAINTY_MAX),
                parse("validity: {brokerCpuMin: 90%, clientCpuMax: 0.6}\n").validity());
        ScenarioException e = assertThrows(ScenarioException.class,
                () -> parse("validity: {brokerCpuMin: 120%}\n"));
        assertTrue(e.getMessage().contains("validity.brokerCpuMin: expected a percentage from 0% to 100%"),
                e.getMessage());
    }

    @Test
    void setBrokerUrlPointsAnEmbeddedBrokerScenarioAtAnExternalBroker() throws ScenarioException {
        Scenario s = parse("broker: {embedded: activemq, persistent: true, memoryLimit: 32MB, reuse: true}\n",
                "broker.url=tcp://10.0.0.2:61616");

        assertEquals("tcp://10.0.0.2:61616", s.broker().url());
        assertFalse(s.broker().isEmbedded());
        assertTrue(s.broker().reuse(), "reuse is not the embedded broker's own setting");
    }

    @Test
    void embeddedArtemisReadsItsOwnKnobsAndBlocksByDefault() throws ScenarioException {
        Scenario s = parse("provider: core\nbroker: {embedded: artemis, persistent: true, memoryLimit: 32MB,"
                + " journalDiskSyncs: false, journalMaxFileLength: 20MB}\n");

        assertEquals(Provider.CORE, s.provider());
        assertEquals(BrokerSpec.ARTEMIS, s.broker().embedded());
        BrokerTuning tuning = s.broker().tuning();
        assertEquals(32, tuning.memoryLimitMb());
        assertEquals(false, tuning.journalDiskSyncs());
        assertEquals(20, tuning.journalMaxFileLengthMb());
        assertEquals(BrokerTuning.AddressFullPolicy.BLOCK, tuning.addressFullPolicy(),
                "a saturated run reaches a steady state");
        assertEquals(BrokerTuning.AddressFullPolicy.PAGE,
                parse("broker: {embedded: artemis, addressFullPolicy: page}\n").broker().tuning().addressFullPolicy());
        assertEquals(null, parse("name: x\n").broker().tuning().addressFullPolicy(), "no Artemis setting on ActiveMQ");
    }

    @Test
    void agentsAreReadFromAListOrACommaSeparatedString() throws ScenarioException {
        Scenario s = parse("agents: {publishers: [h1:7100], subscribers: 'h2:7100, [::1]:7101', monitor: b:7100}\n");

        assertEquals(new AgentsSpec(List.of("h1:7100"), List.of("h2:7100", "[::1]:7101"), "b:7100"), s.agents());
        assertTrue(s.agents().remote());
        assertFalse(parse("name: x\n").agents().remote());
    }

    @Test
    void aMonitorAloneWatchesTheBrokersHostBesideLocalClients() throws ScenarioException {
        AgentsSpec agents = parse("agents: {monitor: b:7100}\n").agents();

        assertEquals(new AgentsSpec(List.of(), List.of(), "b:7100"), agents);
        assertFalse(agents.remote(), "the clients stay on this machine");
        assertTrue(agents.listed(), "the monitor is the user's agent: the run needs its token");
        assertFalse(parse("name: x\n").agents().listed());
    }

    @Test
    void autoPhasesReadTheirBoundsAndPrecision() throws ScenarioException {
        assertEquals(new Phases(Duration.ofMinutes(1), Duration.ofMinutes(3), Defaults.DRAIN, 0, true, true, 0.02),
                parse("phases: {warmup: auto, maxWarmup: 1m, measure: auto, precision: 2%, maxMeasure: 3m}\n")
                        .phases());
        assertEquals(0.025, parse("phases: {measure: auto, precision: 0.025}\n").phases().precision(), 1e-12);
        Phases mixed = parse("phases: {warmup: 30s}\n").phases();
        assertEquals(new Phases(Duration.ofSeconds(30), Defaults.MAX_MEASURE, Defaults.DRAIN, 0, false, true,
                Defaults.PRECISION), mixed);
    }

    @Test
    void fullScenarioMapsToItsRecords() throws ScenarioException {
        Scenario expected = new Scenario("full-run", "every field set, none left to its default",
                BrokerSpec.embedded("activemq", true),
                Provider.AMQP,
                new DestinationSpec(DestinationType.QUEUE, "bench.full", Defaults.DESTINATION_COUNT),
                MessageSpec.builder().type(MessageType.BYTES).size(4096).properties(3).values("#1").build(),
                PublisherSpec.single(4, PublishRate.MAX),
                List.of(SubscriberGroup.of(2, "P1 = '#1'"), SubscriberGroup.of(5, null)),
                delivery(true, AckMode.DUPS_OK),
                new Phases(Duration.ofSeconds(30), Duration.ofMinutes(2), Duration.ofMillis(500)),
                Validity.DEFAULT, AgentsSpec.LOCAL, List.of(), CpuSpec.SHARED);

        Scenario scenario = parse(FULL);

        assertEquals(expected, scenario);
        assertEquals(7, scenario.subscriberClients());
        assertEquals(2, scenario.filters());
        assertTrue(scenario.broker().isEmbedded());
    }

    @Test
    void nameOnlyTakesEveryOtherValueFromDefaults() throws ScenarioException {
        assertEquals(defaults("tiny"), parse("name: tiny\n"));
    }

    @Test
    void missingNameIsTheDefaultName() throws ScenarioException {
        assertEquals(defaults("test"), parse("description:\n"));
        assertEquals("scenario", ScenarioLoader.parse("provider: openwire\n", "x", "not a name!", List.of()).name());
    }

    @Test
    void loadNamesTheScenarioAfterItsFile() throws IOException, ScenarioException {
        Path file = Files.writeString(dir.resolve("nightly.yaml"), "publishers: {clients: 3}\n");

        Scenario scenario = ScenarioLoader.load(file);

        assertEquals("nightly", scenario.name());
        assertEquals(PublisherSpec.single(3, PublishRate.MAX), scenario.publishers());
    }

    @Test
    void flowStyleReadsLikeBlockStyle() throws ScenarioException {
        Scenario flow = parse("""
                name: flow
                broker: {embedded: activemq, persistent: false}
                message: {size: 10, properties: 1}
                subscribers:
                  - {clients: 2, selector: "P1 = '#0'"}
                  - {clients: 6, selector: "P1 = '#1'"}
                phases: {warmup: 0s, measure: 1s, drain: 0s}
                """);
        Scenario block = parse("""
                name: flow
                broker:
                  embedded: activemq
                  persistent: false
                message:
                  size: 10
                  properties: 1
                subscribers:
                  - clients: 2
                    selector: "P1 = '#0'"
                  - clients: 6
                    selector: "P1 = '#1'"
                phases:
                  warmup: 0s
                  measure: 1s
                  drain: 0s
                """);

        assertEquals(List.of(SubscriberGroup.of(2, "P1 = '#0'"), SubscriberGroup.of(6, "P1 = '#1'")),
                flow.subscribers());
        assertEquals(MessageSpec.builder().type(MessageType.BYTES).size(10).properties(1).values("#0").build(), flow.message());
        assertEquals(new Phases(Duration.ZERO, Duration.ofSeconds(1), Duration.ZERO), flow.phases());
        assertEquals(block, flow);
    }

    @Test
    void externalBrokerHasNoEmbeddedOne() throws ScenarioException {
        Scenario scenario = parse("broker: {url: \"failover:(tcp://a:61616,tcp://b:61616)\"}\n");

        assertEquals(BrokerSpec.external("failover:(tcp://a:61616,tcp://b:61616)"), scenario.broker());
        assertFalse(scenario.broker().isEmbedded());
    }

    @Test
    void setOverridesNestedFieldsAndListEntries() throws ScenarioException {
        Scenario scenario = parse(FULL, "publishers.clients=8", "phases.measure=30s", "subscribers[0].clients=3",
                "subscribers[1].selector=P2 = '#1'", "delivery.persistent=false");

        assertEquals(PublisherSpec.single(8, PublishRate.MAX).over(scenario.message(), false), scenario.publishers());
        assertEquals(new Phases(Duration.ofSeconds(30), Duration.ofSeconds(30), Duration.ofMillis(500)),
                scenario.phases());
        assertEquals(List.of(SubscriberGroup.of(3, "P1 = '#1'"), SubscriberGroup.of(5, "P2 = '#1'")),
                scenario.subscribers());
        assertEquals(delivery(false, AckMode.DUPS_OK), scenario.delivery());
    }

    @Test
    void setCreatesMappingsTheFileLeftOut() throws ScenarioException {
        Scenario scenario = parse("name: x\n", "message.properties=2", "destination.type=queue");

        assertEquals(MessageSpec.builder().type(MessageType.BYTES).properties(2).build(),
                scenario.message());
        assertEquals(new DestinationSpec(DestinationType.QUEUE, Defaults.DESTINATION_NAME, Defaults.DESTINATION_COUNT), scenario.destination());
    }

    @Test
    void setValuesAreValidatedLikeTheFileAndBlamedOnSet() {
        ScenarioException e = assertThrows(ScenarioException.class, () -> parse("""
                name: x
                publishers: {clients: 0}
                subscribers:
                  - clients: 1
                """, "subscribers[0].clients=0", "phases.drain=10"));

        assertEquals(List.of(
                new Problem("test.yaml", 2, 23, "publishers.clients", "expected a whole number from 1 to 100000, found 0"),
                new Problem("--set", 0, 0, "subscribers[0].clients", "expected a whole number from 1 to 100000, found 0"),
                new Problem("--set", 0, 0, "phases.drain",
                        "expected a duration with a unit such as 10s, 500ms or 2m, found 10 (a number needs a unit)")),
                e.problems());
    }

    @Test
    void problemFormatLeavesOutAnUnknownPosition() {
        assertEquals("a.yaml:3:7: publishers.clients: found 0",
                new Problem("a.yaml", 3, 7, "publishers.clients", "found 0").format());
        assertEquals("--set: publishers.clients: found 0",
                new Problem("--set", 0, 0, "publishers.clients", "found 0").format());
    }

    @Test
    void distanceIsLevenshtein() {
        assertEquals(0, NearestName.distance("", ""));
        assertEquals(0, NearestName.distance("clients", "clients"));
        assertEquals(3, NearestName.distance("", "abc"));
        assertEquals(3, NearestName.distance("abc", ""));
        assertEquals(1, NearestName.distance("publishers", "publisher"));
        assertEquals(1, NearestName.distance("selector", "selektor"));
        assertEquals(3, NearestName.distance("kitten", "sitting"));
        assertEquals(2, NearestName.distance("ab", "ba"));
        assertEquals(NearestName.distance("flaw", "lawn"), NearestName.distance("lawn", "flaw"));
        assertEquals(2, NearestName.distance("flaw", "lawn"));
    }

    @Test
    void durationsRoundTrip() {
        for (String text : List.of("0s", "500ms", "10s", "2m", "1h", "90s", "1500ms")) {
            assertEquals(text, Durations.format(Durations.parse(text)));
        }
    }

    @Test
    void aWrongSweepValueIsToldAtItsOwnLineEvenWhenAClaimNamesTheValueItShouldHaveBeen() {
        String text = "subscribers:\n  - {clients: 1}\nsweep:\n  subscribers[0].clients: [-1, 3]\n"
                + "expect:\n  - received: ratio\n    by: subscribers[0].clients\n    of: 3\n    to: 1\n"
                + "    atLeast: 0.5\n";
        ScenarioException e = assertThrows(ScenarioException.class,
                () -> ScenarioLoader.parsePlan(text, "s.yaml", "s", List.of()));
        List<String> lines = e.problems().stream().map(p -> p.line() + ":" + p.field()).toList();
        assertEquals(List.of("4:subscribers[0].clients", "9:expect[0].to"), lines, e.getMessage());
        assertTrue(e.problems().get(0).message().contains("found -1 (a value of sweep.subscribers[0].clients)"),
                e.getMessage());
    }
}
