package io.jmsbench.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Bad scenarios through the real command line, in-process: each must end with exit code 2, exactly
 * the expected {@code FILE:LINE:COL: field: message} lines on stderr, no stack trace, and nothing
 * written to the results directory.
 */
@Timeout(60)
class ScenarioValidationTest {

    /** Stands for the scenario path as given on the command line. */
    private static final String FILE = "{file}";
    private static final String ROOT_FIELDS =
            "name, description, provider, broker, destination, message, publishers, subscribers, delivery, phases, validity, agents, cpus, faults, cases, compare, sweep, repeat, search, expect";

    @TempDir
    Path dir;

    /** How a case puts its scenario at {@code file}. */
    @FunctionalInterface
    interface Setup {
        void create(Path file) throws IOException;
    }

    record Case(String name, Setup setup, List<String> sets, List<String> expected) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static Case yaml(String name, String text, String... expected) {
        return new Case(name, file -> Files.writeString(file, text), List.of(), List.of(expected));
    }

    private static Case withSet(String name, String text, List<String> sets, String... expected) {
        return new Case(name, file -> Files.writeString(file, text), sets, List.of(expected));
    }

    private static Case special(String name, Setup setup, String... expected) {
        return new Case(name, setup, List.of(), List.of(expected));
    }

    static Stream<Case> badScenarios() {
        return Stream.of(
                yaml("unknown top-level field, with a suggestion",
                        "name: x\npublisher:\n  clients: 2\n",
                        FILE + ":2:1: publisher: unknown field, expected one of " + ROOT_FIELDS
                                + "; did you mean 'publishers'?"),
                yaml("unknown top-level field, nothing near it",
                        "name: x\nthroughput: 1000\n",
                        FILE + ":2:1: throughput: unknown field, expected one of " + ROOT_FIELDS),
                yaml("unknown nested field",
                        "name: x\nsubscribers:\n  - clients: 2\n    selektor: \"P1 = 1\"\n",
                        FILE + ":4:5: subscribers[0].selektor: unknown field, expected one of clients, selector, filter, processing, start, stop, reply;"
                                + " did you mean 'selector'?"),
                yaml("a late subscriber group on a topic",
                        "destination: {type: topic}\nsubscribers:\n  - {clients: 1, start: 2s}\n",
                        FILE + ":3:25: subscribers[0].start: expected start and stop only with a queue (a topic "
                                + "subscriber that is away never gets what was published meanwhile, so its copies "
                                + "would not be the publishers' whole stream), found destination type topic"),
                yaml("a leaving group that stops before it starts",
                        "destination: {type: queue}\nphases: {warmup: 2s, measure: 10s}\nsubscribers:\n"
                                + "  - {clients: 1, start: 5s, stop: 5s}\n  - {clients: 1}\n",
                        FILE + ":4:35: subscribers[0].stop: expected stop after start (5s), found 5s"),
                yaml("a late group that would join after the publishers stop",
                        "destination: {type: queue}\nphases: {warmup: 2s, measure: 5s}\nsubscribers:\n"
                                + "  - {clients: 1, start: 7s}\n",
                        FILE + ":4:25: subscribers[0].start: expected start before the publishers stop (warm-up and "
                                + "window: 7s), found 7s"),
                yaml("a late group with an auto warm-up",
                        "destination: {type: queue}\nphases: {warmup: auto}\nsubscribers:\n  - {clients: 1, start: 5s}\n",
                        FILE + ":4:25: subscribers[0].start: expected fixed phases.warmup and phases.measure with start "
                                + "or stop (they are times after the publishers start, which an auto or count-bounded "
                                + "phase leaves unknown), found an auto phase"),
                yaml("every consumer of a queue leaving",
                        "destination: {type: queue}\nphases: {warmup: 2s, measure: 10s}\nsubscribers:\n"
                                + "  - {clients: 2, stop: 5s}\n",
                        FILE + ":4:24: subscribers[0].stop: expected a subscriber without stop on queue jmsbench "
                                + "as well (once every consumer of a queue has left, its backlog never drains), found "
                                + "every one of its subscribers leaving"),
                yaml("a processing time without a unit",
                        "subscribers:\n  - {clients: 1, processing: 2}\n",
                        FILE + ":2:30: subscribers[0].processing: expected a duration with a unit such as 250us, 2ms "
                                + "or 1s, from 0 to 10s, or a mapping of one of uniform, weighted, lognormal, found 2"),
                yaml("a processing time beyond its bound in a distribution",
                        "subscribers:\n  - {clients: 1, processing: {uniform: [1ms, 20s]}}\n",
                        FILE + ":2:46: subscribers[0].processing.uniform[1]: expected a duration with a unit such as "
                                + "250us, 2ms or 1s, from 0 to 10s, found '20s'"),
                yaml("a fault against an external broker",
                        "broker: {url: \"tcp://localhost:61616\"}\nfaults:\n  - {action: pause-broker, at: 5s}\n",
                        FILE + ":3:14: faults[0].action: expected pause-broker only with an embedded broker (jmsbench "
                                + "acts on the process it started; partition works with any broker), found the external "
                                + "broker tcp://localhost:61616"),
                yaml("a partition without its link",
                        "faults:\n  - {action: partition, at: 5s}\n",
                        FILE + ":2:5: faults[0]: expected link: the network link to take down, such as veth1 or eth0 "
                                + "(see 'ip link'), found no link"),
                yaml("a link that no interface could be called",
                        "faults:\n  - {action: partition, at: 5s, link: \"eth 0; reboot\"}\n",
                        FILE + ":2:39: faults[0].link: expected a network link of the controller's machine, as 'ip link' "
                                + "names it (up to 15 letters, digits, '.', '_', '-', '@'), found 'eth 0; reboot'"),
                yaml("a link given to a fault of the broker's process",
                        "faults:\n  - {action: kill-broker, at: 5s, link: eth0}\n",
                        FILE + ":2:41: faults[0].link: expected link only with action partition, found it with "
                                + "kill-broker"),
                yaml("a fault of an unknown action",
                        "faults:\n  - {action: reboot, at: 5s}\n",
                        FILE + ":2:14: faults[0].action: expected one of pause-broker, kill-broker, restart-broker, partition, "
                                + "found 'reboot'"),
                yaml("a restart of the embedded Artemis over its core client, which does not reconnect here",
                        "broker: {embedded: artemis}\nprovider: core\nfaults:\n  - {action: restart-broker, at: 5s}\n",
                        FILE + ":4:14: faults[0].action: expected provider openwire or amqp with restart-broker (their "
                                + "clients reconnect through ActiveMQ's or Qpid JMS's failover transport; jmsbench runs "
                                + "Artemis's core client without reconnection), found provider core"),
                yaml("a fault with no time",
                        "faults:\n  - {action: pause-broker}\n",
                        FILE + ":2:5: faults[0]: expected at: when the first fault starts after the publishers do, "
                                + "such as 10s, found no at"),
                yaml("faults repeated without every",
                        "faults:\n  - {action: pause-broker, at: 1s, times: 3}\n",
                        FILE + ":2:43: faults[0].times: expected every (the time between faults) beside times: 3, "
                                + "found none"),
                yaml("a fault longer than the time between faults",
                        "phases: {warmup: 0s, measure: 60s}\nfaults:\n  - {action: pause-broker, at: 1s, every: 5s, "
                                + "times: 3, downFor: 5s}\n",
                        FILE + ":3:66: faults[0].downFor: expected downFor shorter than every (5s), so that one fault "
                                + "ends before the next, found 5s"),
                yaml("a wrong every, said once (not again as every of 0s beside downFor)",
                        "phases: {warmup: 0s, measure: 60s}\nfaults:\n  - {action: pause-broker, at: 1s, every: -3s, "
                                + "times: 3}\n",
                        FILE + ":3:43: faults[0].every: expected a duration with a unit such as 10s, 500ms or 2m, "
                                + "found '-3s'"),
                yaml("a fault after the publishers stop",
                        "phases: {warmup: 2s, measure: 5s}\nfaults:\n  - {action: pause-broker, at: 5s, every: 1s, "
                                + "times: 3, downFor: 500ms}\n",
                        FILE + ":3:54: faults[0].times: expected every fault to start while the publishers run (warm-up "
                                + "and window: 7s), found the last at 7s"),
                yaml("clients of the wrong type",
                        "publishers:\n  clients: \"many\"\n",
                        FILE + ":2:12: publishers.clients: expected a whole number from 1 to 100000, found 'many'"),
                yaml("clients not a whole number",
                        "publishers:\n  clients: 2.5\n",
                        FILE + ":2:12: publishers.clients: expected a whole number from 1 to 100000, found 2.5"),
                yaml("zero clients",
                        "publishers:\n  clients: 0\n",
                        FILE + ":2:12: publishers.clients: expected a whole number from 1 to 100000, found 0"),
                yaml("negative clients",
                        "subscribers:\n  - clients: -3\n",
                        FILE + ":2:14: subscribers[0].clients: expected a whole number from 1 to 100000, found -3"),
                yaml("a mapping given as a number",
                        "publishers: 4\n",
                        FILE + ":1:13: publishers: expected a mapping of fields, found 4"),
                yaml("duration without a unit",
                        "phases:\n  measure: 10\n",
                        FILE + ":2:12: phases.measure: expected auto or a duration with a unit such as 10s, 500ms or 2m,"
                                + " found 10 (a number needs a unit)"),
                yaml("duration with a bad unit",
                        "phases:\n  measure: 10sec\n",
                        FILE + ":2:12: phases.measure: expected auto or a duration with a unit such as 10s, 500ms or 2m,"
                                + " found '10sec'"),
                yaml("measure of zero",
                        "phases:\n  measure: 0s\n",
                        FILE + ":2:12: phases.measure: expected a duration of at least 1s, found 0s"),
                yaml("precision beside a fixed window",
                        "phases:\n  measure: 30s\n  precision: 5%\n",
                        FILE + ":3:14: phases.precision: expected precision only with measure: auto, found measure: 30s"),
                yaml("maxWarmup beside a fixed warm-up",
                        "phases: {warmup: 20s, maxWarmup: 1m}\n",
                        FILE + ":1:34: phases.maxWarmup: expected maxWarmup only with warmup: auto, found warmup: 20s"),
                yaml("precision out of range",
                        "phases: {measure: auto, precision: 60%}\n",
                        FILE + ":1:36: phases.precision: expected a percentage from 0.1% to 50% such as 5%, found '60%'"),
                yaml("a message count with an auto window",
                        "phases: {measure: auto, messages: 1000}\n",
                        FILE + ":1:35: phases.messages: expected messages only with a fixed measure (such as 60s, its "
                                + "time bound), found measure: auto"),
                yaml("auto misspelt",
                        "phases: {warmup: automatic}\n",
                        FILE + ":1:18: phases.warmup: expected auto or a duration with a unit such as 10s, 500ms or 2m, "
                                + "found 'automatic'"),
                yaml("selectors that match nothing sent",
                        "message: {properties: 1}\nsubscribers:\n  - {selector: \"P1 = 'nobody sends this'\"}\n",
                        FILE + ":3:3: subscribers: expected a subscriber whose selector matches some message the "
                                + "publishers send, found none (expected replication grade 0: nothing would be received)"),
                yaml("a selector on a property the messages do not carry",
                        "message: {properties: 0}\nsubscribers:\n  - {selector: \"P1 = '#0'\"}\n",
                        FILE + ":3:16: subscribers[0].selector: expected a selector on the properties the messages "
                                + "carry (message.properties: 0, none), found one on P1: no subscriber's selector "
                                + "matches, so nothing would be received"),
                yaml("selector the broker rejects",
                        "subscribers:\n  - selector: \"P1 = = 'x'\"\n",
                        FILE + ":2:15: subscribers[0].selector: expected a JMS selector ActiveMQ's parser accepts,"
                                + " found 'P1 = = 'x'': Parse error at line 1, column 6.  Encountered: ="),
                yaml("empty selector",
                        "subscribers:\n  - selector: \"\"\n",
                        FILE + ":2:15: subscribers[0].selector: expected a JMS selector (leave the field out for"
                                + " no filter), found an empty string"),
                yaml("no subscriber group",
                        "subscribers: []\n",
                        FILE + ":1:14: subscribers: expected at least one subscriber group, found an empty list"),
                yaml("empty file",
                        "",
                        FILE + ":1:1: (document): expected a YAML mapping with the scenario's fields,"
                                + " found an empty file"),
                yaml("not YAML: tab garbage",
                        "name: [x\n\t{{: ]]\n",
                        FILE + ":2:1: (document): expected valid YAML, found a syntax error:"
                                + " found character '\\t(TAB)' that cannot start any token. (Do not use \\t(TAB)"
                                + " for indentation) (while scanning for the next token)"),
                yaml("not YAML: unbalanced bracket",
                        "name: x\npublishers: {clients: 2\n",
                        FILE + ":3:1: (document): expected valid YAML, found a syntax error:"
                                + " expected ',' or '}', but got <stream end> (while parsing a flow mapping)"),
                yaml("top-level list instead of a mapping",
                        "- name: x\n- provider: openwire\n",
                        FILE + ":1:1: (document): expected a YAML mapping with the scenario's fields, found a list"),
                yaml("two YAML documents",
                        "name: x\n---\nname: y\n",
                        FILE + ":3:1: (document): expected one YAML document, found a second one"),
                special("missing file",
                        file -> { },
                        FILE + ": (file): no such file"),
                special("a directory instead of a file",
                        Files::createDirectory,
                        FILE + ": (file): expected a scenario file, found a directory"),
                special("not UTF-8",
                        file -> Files.write(file, new byte[] {'n', 'a', 'm', 'e', ':', ' ', (byte) 0xff, (byte) 0xfe, '\n'}),
                        FILE + ":1:7: (file): expected a UTF-8 text file, found byte 0xFF, which is not UTF-8 here"
                                + " (save the file as UTF-8)"),
                yaml("a filter generator with a misspelt field",
                        "subscribers:\n  - {clients: 2, filter: {on: P1, equls: \"#0\"}}\n",
                        FILE + ":2:26: subscribers[0].filter: expected exactly one of equals or anyOf",
                        FILE + ":2:35: subscribers[0].filter.equls: unknown field, expected one of and, position, on,"
                                + " equals, anyOf; did you mean 'equals'?"),
                yaml("duplicate key",
                        "name: a\nprovider: openwire\nname: b\n",
                        FILE + ":3:1: name: duplicate field, already set at line 1, column 1"),
                yaml("invalid name",
                        "name: \"bad name!\"\n",
                        FILE + ":1:7: name: expected a name of letters, digits, '.', '_' or '-'"
                                + " (it names the results directory), found 'bad name!'"),
                yaml("unknown provider",
                        "provider: stomp\n",
                        FILE + ":1:11: provider: expected one of openwire, amqp, core, rabbitmq-jms, found 'stomp'"),
                yaml("unknown ack mode",
                        "delivery: {ack: eventually}\n",
                        FILE + ":1:17: delivery.ack: expected one of auto, dups_ok, client, transacted,"
                                + " found 'eventually'"),
                yaml("both url and embedded",
                        "broker:\n  url: tcp://localhost:61616\n  embedded: activemq\n",
                        FILE + ":2:8: broker.url: expected either url (an external broker) or embedded, found both"),
                yaml("an embedded broker jmsbench does not start",
                        "broker: {embedded: rabbitmq}\n",
                        FILE + ":1:20: broker.embedded: expected activemq or artemis (the embedded brokers jmsbench"
                                + " starts), found 'rabbitmq'"),
                yaml("provider core with the default embedded broker",
                        "provider: core\n",
                        FILE + ":1:11: provider: expected openwire or amqp with the embedded activemq broker (ActiveMQ"
                                + " Classic has no CORE acceptor: core needs embedded: artemis or an Artemis url),"
                                + " found core"),
                yaml("core url of another provider",
                        "provider: core\nbroker:\n  url: amqp://localhost:5672\n",
                        FILE + ":3:8: broker.url: expected a core URL such as tcp://host:61616,"
                                + " found 'amqp://localhost:5672'"),
                yaml("a KahaDB knob with embedded artemis",
                        "broker:\n  embedded: artemis\n  preallocationStrategy: zeros\n",
                        FILE + ":3:26: broker.preallocationStrategy: expected no preallocationStrategy with embedded"
                                + " artemis (a KahaDB setting of ActiveMQ Classic; Artemis's journal fills its files"
                                + " itself), found one"),
                yaml("ActiveMQ's flow control knobs with embedded artemis",
                        "broker:\n  embedded: artemis\n  storeLimit: 1GB\n  producerFlowControl: false\n"
                                + "  sendFailIfNoSpace: true\n",
                        FILE + ":3:15: broker.storeLimit: expected no storeLimit with embedded artemis (ActiveMQ"
                                + " Classic's store limit; Artemis bounds memory with memoryLimit and pages beyond it),"
                                + " found one",
                        FILE + ":4:24: broker.producerFlowControl: expected no producerFlowControl with embedded"
                                + " artemis (ActiveMQ Classic's; on Artemis addressFullPolicy says what a full broker"
                                + " does: block, page or fail), found one",
                        FILE + ":5:22: broker.sendFailIfNoSpace: expected no sendFailIfNoSpace with embedded artemis"
                                + " (ActiveMQ Classic's; on Artemis that is addressFullPolicy: fail), found one"),
                yaml("a TLS password written in the scenario",
                        "broker:\n  url: 'ssl://localhost:61617'\n  tls: {trustStore: t.p12, trustStorePassword: s3cret}\n",
                        FILE + ":3:48: broker.tls.trustStorePassword: expected env:NAME (an environment variable of the"
                                + " controller) or file:PATH (a file holding the password), found a plain value: a"
                                + " password is never written in the scenario"),
                yaml("TLS with the embedded broker",
                        "broker:\n  embedded: activemq\n  tls: {verifyHost: false}\n",
                        FILE + ":3:8: broker.tls: expected tls only with an external broker (url); to measure a broker"
                                + " over TLS on this machine, start one with ./jmsbench broker --tls-keystore and give"
                                + " its URL"),
                yaml("TLS with a plain OpenWire URL",
                        "broker:\n  url: 'tcp://localhost:61616'\n  tls: {verifyHost: true}\n",
                        FILE + ":2:8: broker.url: expected a TLS URL with tls (ssl://host:61617), found"
                                + " 'tcp://localhost:61616'"),
                yaml("a TLS field misspelt, a TLS version unknown, a keystore without its password",
                        "broker:\n  url: 'ssl://localhost:61617'\n  tls:\n    verifyHosts: false\n"
                                + "    protocols: [TLSv1.3, TLS1.2]\n    keyStore: client.p12\n",
                        FILE + ":4:5: broker.tls.verifyHosts: unknown field, expected one of trustStore,"
                                + " trustStorePassword, keyStore, keyStorePassword, protocols, verifyHost; did you mean"
                                + " 'verifyHost'?",
                        FILE + ":5:26: broker.tls.protocols[1]: expected one of TLSv1.3, TLSv1.2, TLSv1.1, TLSv1, found"
                                + " 'TLS1.2'; did you mean 'TLSv1.2'?",
                        FILE + ":6:15: broker.tls.keyStore: expected keyStorePassword beside keyStore (env:NAME (an"
                                + " environment variable of the controller) or file:PATH (a file holding the"
                                + " password)), found none"),
                yaml("an Artemis knob with embedded activemq",
                        "broker:\n  embedded: activemq\n  addressFullPolicy: page\n",
                        FILE + ":3:22: broker.addressFullPolicy: expected no addressFullPolicy with embedded activemq"
                                + " (an Artemis setting; ActiveMQ Classic's are producerFlowControl and"
                                + " sendFailIfNoSpace), found one"),
                yaml("an address-full policy Artemis does not have",
                        "broker:\n  embedded: artemis\n  addressFullPolicy: drop_oldest\n",
                        FILE + ":3:22: broker.addressFullPolicy: expected one of block, page, fail, found"
                                + " 'drop_oldest'"),
                yaml("url scheme of another provider",
                        "provider: amqp\nbroker:\n  url: tcp://localhost:61616\n",
                        FILE + ":3:8: broker.url: expected an amqp URL such as amqp://host:5672,"
                                + " found 'tcp://localhost:61616'"),
                yaml("rabbitmq-jms with an openwire URL",
                        "provider: rabbitmq-jms\nbroker: {url: 'tcp://localhost:61616'}\n",
                        FILE + ":2:15: broker.url: expected a rabbitmq-jms URL such as amqp://host:5672,"
                                + " found 'tcp://localhost:61616'"),
                yaml("an unknown broker kind",
                        "broker: {url: 'tcp://localhost:61616', kind: hornetq}\n",
                        FILE + ":1:46: broker.kind: expected one of rabbitmq, activemq, artemis, found 'hornetq'"),
                yaml("a kind for the embedded broker",
                        "broker: {kind: artemis}\n",
                        FILE + ":1:16: broker.kind: expected kind only with an external broker (url), found kind:"
                                + " artemis with the embedded activemq"),
                yaml("rabbitmq-jms with the embedded broker",
                        "provider: rabbitmq-jms\n",
                        FILE + ":1:11: provider: expected an external RabbitMQ (broker: {url: amqp://host:5672}) with"
                                + " provider rabbitmq-jms, found the embedded activemq"),
                yaml("rabbitmq-jms against another kind of broker",
                        "provider: rabbitmq-jms\nbroker: {url: 'amqp://localhost:5672', kind: artemis}\n",
                        FILE + ":2:46: broker.kind: expected kind rabbitmq with provider rabbitmq-jms (it speaks"
                                + " RabbitMQ's AMQP 0-9-1 only), found artemis"),
                yaml("openwire against RabbitMQ",
                        "broker: {url: 'tcp://localhost:5672', kind: rabbitmq}\n",
                        FILE + ":1:45: broker.kind: expected a kind that speaks OpenWire (activemq, artemis) with"
                                + " provider openwire, found rabbitmq (use provider rabbitmq-jms or amqp)"),
                yaml("a selector on a queue with rabbitmq-jms",
                        "provider: rabbitmq-jms\nbroker: {url: 'amqp://localhost:5672'}\n"
                                + "destination: {type: queue}\nsubscribers:\n  - selector: \"P1 = 'a'\"\n",
                        FILE + ":5:15: subscribers[0].selector: expected no selector with provider rabbitmq-jms"
                                + " (it applies selectors on topics only), found 'P1 = 'a''"),
                yaml("a selector with amqp on RabbitMQ",
                        "provider: amqp\nbroker: {url: 'amqp://localhost:5672', kind: rabbitmq}\n"
                                + "subscribers:\n  - selector: \"P1 = 'a'\"\n",
                        FILE + ":4:15: subscribers[0].selector: expected no selector with provider amqp on RabbitMQ 3's"
                                + " AMQP 1.0 plugin (it ignores JMS selectors), found 'P1 = 'a''"),
                yaml("a filter with amqp on RabbitMQ",
                        "provider: amqp\nbroker: {url: 'amqp://localhost:5672', kind: rabbitmq}\n"
                                + "subscribers:\n  - filter: {on: P1, equals: a}\n",
                        FILE + ":4:13: subscribers[0].filter: expected no filter with provider amqp on RabbitMQ 3's"
                                + " AMQP 1.0 plugin (it ignores JMS selectors), found one"),
                yaml("a durable subscription with amqp on RabbitMQ",
                        "provider: amqp\nbroker: {url: 'amqp://localhost:5672', kind: rabbitmq}\n"
                                + "delivery: {durable: true}\n",
                        FILE + ":3:21: delivery.durable: expected no durable subscriptions with provider amqp on"
                                + " RabbitMQ 3's AMQP 1.0 plugin (it keeps none), found durable: true"),
                yaml("transactions with amqp on RabbitMQ",
                        "provider: amqp\nbroker: {url: 'amqp://localhost:5672', kind: rabbitmq}\n"
                                + "delivery: {ack: transacted}\n",
                        FILE + ":3:17: delivery.ack: expected an ack mode other than transacted with provider amqp on"
                                + " RabbitMQ 3's AMQP 1.0 plugin (it has no transactions), found ack: transacted"),
                yaml("persistent with an external broker",
                        "broker:\n  url: tcp://localhost:61616\n  persistent: true\n",
                        FILE + ":3:15: broker.persistent: expected no persistent field with an external broker"
                                + " (its own configuration decides persistence), found true"),
                yaml("rate neither max nor a number",
                        "publishers:\n  rate: fast\n",
                        FILE + ":2:9: publishers.rate: expected max (saturated), sustainable (found by a closed loop)"
                                + " or a total rate in msgs/s above 0, found 'fast'"),
                yaml("a rate profile that starts with a ramp",
                        "publishers:\n  rate:\n    - {ramp: 5000, over: 10s}\n    - {rate: 100}\n"
                                + "phases: {warmup: 5s, measure: 10s}\n",
                        FILE + ":3:7: publishers.rate[0]: expected the first segment to hold a rate ({rate: 1000, for:"
                                + " 30s}), found a ramp, which starts from the rate before it, and the first has none"),
                yaml("a misspelt length in a rate profile",
                        "publishers:\n  rate:\n    - {rate: 500, for: 10s}\n    - {rate: 100, fro: 5s}\n"
                                + "phases: {warmup: 5s, measure: 10s}\n",
                        FILE + ":4:19: publishers.rate[1].fro: unknown field, expected one of rate, ramp, burst, for,"
                                + " over, every; did you mean 'for'?"),
                yaml("a rate profile beside an auto warm-up",
                        "publishers:\n  rate:\n    - {rate: 1000, for: 10s}\n    - {ramp: 5000, over: 10s}\n",
                        FILE + ":3:5: publishers.rate: expected fixed phases.warmup and phases.measure (such as 10s)"
                                + " and no phases.messages with a rate profile, found phases.warmup: auto: a changing"
                                + " rate is never steady, so an auto phase would never end as asked"),
                withSet("a rate profile set on the command line beside a window of messages",
                        "phases: {warmup: 5s, measure: 10s, messages: 5000}\n",
                        List.of("publishers.rate=[{rate: 1000, for: 5s}, {burst: 9000, for: 2s, every: 2s}]"),
                        "--set: publishers.rate: at [1].for: expected for shorter than every (2s), so"
                                + " that the previous rate runs between the bursts, found for: 2s"),
                // Problems come in the loader's reading order (root fields, then unknown fields last), which
                // is file order here only because the fields are written in that order (see the report).
                yaml("several mistakes, every one reported in file order",
                        """
                        name: "my run"
                        provider: stomp
                        publishers:
                          clients: 0
                        subscribers:
                          - {clients: 2, selector: ""}
                        delivery: {persistent: "yes"}
                        phases: {warmup: 5, measure: 0s}
                        """,
                        FILE + ":1:7: name: expected a name of letters, digits, '.', '_' or '-'"
                                + " (it names the results directory), found 'my run'",
                        FILE + ":2:11: provider: expected one of openwire, amqp, core, rabbitmq-jms, found 'stomp'",
                        FILE + ":4:12: publishers.clients: expected a whole number from 1 to 100000, found 0",
                        FILE + ":6:28: subscribers[0].selector: expected a JMS selector (leave the field out for"
                                + " no filter), found an empty string",
                        FILE + ":7:24: delivery.persistent: expected true or false, found 'yes'",
                        FILE + ":8:18: phases.warmup: expected auto or a duration with a unit such as 10s, 500ms or 2m,"
                                + " found 5 (a number needs a unit)",
                        FILE + ":8:30: phases.measure: expected a duration of at least 1s, found 0s"),
                withSet("bad --set value",
                        "name: x\n", List.of("publishers.clients=0"),
                        "--set: publishers.clients: expected a whole number from 1 to 100000, found 0"),
                withSet("--set of an unknown field",
                        "name: x\n", List.of("publishers.clientz=3"),
                        "--set: publishers.clientz: unknown field, expected one of clients, rate, connections;"
                                + " did you mean 'clients'?"),
                withSet("--set into a misspelt section, which the file does not have",
                        "name: x\n", List.of("phase.measure=10s"),
                        "--set: phase: unknown field, expected one of name, description, provider, broker, destination,"
                                + " message, publishers, subscribers, delivery, phases, validity, agents, cpus, faults, cases, compare,"
                                + " sweep, repeat, search, expect; did you mean 'phases'?"),
                withSet("--set without '='",
                        "name: x\n", List.of("publishers.clients"),
                        "--set: publishers.clients: expected key=value such as publishers.clients=4, found no '='"),
                withSet("--set with a malformed path",
                        "name: x\n", List.of("publishers..clients=3"),
                        "--set: publishers..clients: expected a field path such as publishers.clients"
                                + " or subscribers[0].selector"),
                withSet("--set into a value that is not a mapping",
                        "name: x\n", List.of("name.x=3"),
                        "--set: name.x: expected a mapping at name, found 'x'"),
                withSet("mistakes in the file and in --set",
                        "name: x\nphases: {measure: 10}\n", List.of("publishers.clients=0"),
                        FILE + ":2:19: phases.measure: expected auto or a duration with a unit such as 10s, 500ms or 2m,"
                                + " found 10 (a number needs a unit)",
                        "--set: publishers.clients: expected a whole number from 1 to 100000, found 0"),
                withSet("--set with no key",
                        "name: x\n", List.of("=3"),
                        "--set: =3: expected key=value such as publishers.clients=4, found no key before '='"),
                withSet("--set into a list the file does not have",
                        "name: x\n", List.of("subscribers[0].clients=3"),
                        "--set: subscribers[0].clients: expected an index of an existing list entry, found 0"
                                + " (the file has no subscribers list)"),
                yaml("a subscriber group that is not a mapping",
                        "subscribers:\n  - 3\n",
                        FILE + ":2:5: subscribers[0]: expected a mapping of fields, found 3"),
                yaml("mistakes reported in file order",
                        "phases: {measure: 10}\npublisher: {clients: 2}\n",
                        FILE + ":1:19: phases.measure: expected auto or a duration with a unit such as 10s, 500ms or 2m,"
                                + " found 10 (a number needs a unit)",
                        FILE + ":2:1: publisher: unknown field, expected one of name, description, provider, broker,"
                                + " destination, message, publishers, subscribers, delivery, phases, validity, agents, cpus, faults, cases, compare,"
                                + " sweep, repeat, search, expect; did you mean 'publishers'?"),
                yaml("an agent address without a port",
                        "agents:\n  publishers: [10.0.0.3]\n  subscribers: [10.0.0.4:7100]\n",
                        FILE + ":2:16: agents.publishers[0]: expected an agent address HOST:PORT such as 10.0.0.3:7100,"
                                + " found '10.0.0.3'"),
                yaml("publisher agents without subscriber agents",
                        "agents: {publishers: [10.0.0.3:7100]}\n",
                        FILE + ":1:22: agents.publishers: expected publisher and subscriber agents both listed (or"
                                + " neither, to run them on this machine), found only publishers"),
                withSet("--set of agents with a port out of range",
                        "name: x\n", List.of("agents.publishers=h1:7100,h2:99999", "agents.subscribers=h3:7100"),
                        "--set: agents.publishers: expected an agent address HOST:PORT such as 10.0.0.3:7100,"
                                + " found 'h2:99999'"),
                yaml("a search beside a sweep",
                        "search: {latency: p99, below: 10ms}\nsweep: {publishers.clients: [1, 2]}\n",
                        FILE + ":2:8: sweep: expected no sweep with search (a search chooses its own points; give"
                                + " the sweep a scenario of its own), found one"),
                yaml("a search beside a fixed rate",
                        "publishers: {clients: 2, rate: 20000}\nsearch: {latency: p99, below: 10ms}\n",
                        FILE + ":1:32: publishers.rate: expected no rate with search (the search chooses the rates),"
                                + " found 20000"),
                withSet("a search beside a fixed rate set on the command line",
                        "search: {latency: p99, below: 10ms}\n", List.of("publishers.rate=5000"),
                        "--set: publishers.rate: expected no rate with search (the search chooses the rates),"
                                + " found 5000"),
                yaml("a search beside repeats",
                        "search: {from: 500}\nrepeat: 3\n",
                        FILE + ":2:9: repeat: expected no repeat with search (it repeats its answer once to confirm"
                                + " it), found 3"),
                yaml("a search beside cases",
                        "search: {from: 500}\ncases:\n  - {name: a, set: {publishers.clients: 2}}\n",
                        FILE + ":3:3: cases: expected no cases with search (a search chooses its own points; give"
                                + " the cases a scenario of its own), found one"),
                yaml("a search for a percentile jmsbench does not report",
                        "search: {latency: p95, below: 10ms}\n",
                        FILE + ":1:19: search.latency: expected one of p50, p90, p99, p99.9, p99.99, found 'p95'"),
                yaml("a search bound without a unit",
                        "search: {latency: p99, below: 10}\n",
                        FILE + ":1:31: search.below: expected a duration with a unit such as 10s, 500ms or 2m, found"
                                + " 10 (a number needs a unit)"),
                yaml("a search percentile without a bound",
                        "search: {latency: p99.9}\n",
                        FILE + ":1:19: search.latency: expected below (the bound, such as 10ms) beside latency,"
                                + " found none"),
                yaml("a search bound without a percentile",
                        "search: {below: 5ms}\n",
                        FILE + ":1:17: search.below: expected latency (the percentile, such as p99) beside below,"
                                + " found none"),
                yaml("a search whose until is below its from",
                        "search: {from: 5000, until: 1000}\n",
                        FILE + ":1:29: search.until: expected max or a rate in msgs/s above from (5000), found 1000"),
                yaml("a search rate that is not a number",
                        "search: {from: fast}\n",
                        FILE + ":1:16: search.from: expected a total rate in msgs/s above 0 and at most 1000000000,"
                                + " found 'fast'"),
                yaml("a search without room for its repeat",
                        "search: {maxPoints: 2}\n",
                        FILE + ":1:21: search.maxPoints: expected a whole number from 3 to 100, found 2"),
                yaml("a latency search of unstamped messages",
                        "message: {stamped: false}\nsearch: {latency: p99, below: 10ms}\n",
                        FILE + ":2:19: search.latency: expected stamped messages, which carry the send time a"
                                + " latency bound needs, found message.stamped: false"),
                yaml("a misspelt search field",
                        "search: {latency: p99, below: 10ms, maxPoint: 5}\n",
                        FILE + ":1:37: search.maxPoint: unknown field, expected one of latency, below, from, until,"
                                + " maxPoints; did you mean 'maxPoints'?"),
                yaml("two publisher groups of one name",
                        "publishers:\n  - {name: a, clients: 1}\n  - {name: a, clients: 1}\n",
                        FILE + ":3:12: publishers[1].name: expected a name no other publisher group has, found a twice"),
                yaml("a publisher group named as another's default",
                        "publishers:\n  - {clients: 1}\n  - {name: publishers-1}\n",
                        FILE + ":3:12: publishers[1].name: expected a name no other publisher group has, found "
                                + "publishers-1 twice"),
                yaml("a publisher group with a destination of its own",
                        "publishers:\n  - {clients: 1, destination: x}\n",
                        FILE + ":2:31: publishers[0].destination: expected no destination in a publisher group (every"
                                + " group sends to the scenario's destination, spread as one pool's clients are), found one"),
                yaml("a rate profile beside another publisher group",
                        "publishers:\n  - {rate: [{rate: 10, for: 5s}]}\n  - {rate: 5}\n",
                        FILE + ":2:12: publishers[0].rate: expected max or a number with more than one publisher group"
                                + " (the run's target and its charts follow one rate profile), found a profile"),
                yaml("the rate profile of a single publisher group beside an auto warm-up",
                        "publishers:\n  - {rate: [{rate: 10, for: 5s}, {rate: 20}]}\nphases: {warmup: auto}\n",
                        FILE + ":2:12: publishers[0].rate: expected fixed phases.warmup and phases.measure (such as"
                                + " 10s) and no phases.messages with a rate profile, found phases.warmup: auto: a"
                                + " changing rate is never steady, so an auto phase would never end as asked"),
                yaml("message.vary with publisher groups",
                        "message: {properties: 1, vary: {on: P1, from: 1, to: 2}}\npublishers:\n  - {clients: 1}\n",
                        FILE + ":1:32: message.vary: expected no message.vary with a list of publisher groups (a"
                                + " group's messages are told apart by its own message fields, and variants across"
                                + " groups are not judged), found one"),
                yaml("vary in a publisher group's message",
                        "publishers:\n  - {message: {vary: {on: P1}}}\n",
                        FILE + ":2:22: publishers[0].message.vary: expected no vary in a publisher group's message"
                                + " (variants across groups are not judged; give each variant a group of its own),"
                                + " found one"),
                yaml("an empty list of publisher groups",
                        "publishers: []\n",
                        FILE + ":1:13: publishers: expected at least one publisher group, found an empty list"),
                yaml("a search with two publisher groups",
                        "search: {}\npublishers:\n  - {clients: 1}\n  - {clients: 1}\n",
                        FILE + ":3:3: publishers: expected one publisher group with search (the search sets one"
                                + " rate), found 2"),
                yaml("a misspelt field of a publisher group",
                        "publishers:\n  - {clients: 1, rat: 5}\n",
                        FILE + ":2:18: publishers[0].rat: unknown field, expected one of name, clients, rate, message,"
                                + " delivery, replyTo; did you mean 'rate'?"),
                yaml("an acknowledgement mode in a publisher group",
                        "publishers:\n  - {delivery: {ack: auto}}\n",
                        FILE + ":2:22: publishers[0].delivery.ack: expected only persistent in a publisher group's"
                                + " delivery (ack is the scenario's delivery, shared by every group), found ack"),
                yaml("publisher groups whose rates total too much",
                        "publishers:\n  - {rate: 900000000}\n  - {rate: 900000000}\n",
                        FILE + ":2:3: publishers: expected the groups' fixed rates to total at most 1000000000 msgs/s,"
                                + " found 1800000000"),
                withSet("a --set of one rate for a list of publisher groups",
                        "publishers:\n  - {clients: 1}\n  - {clients: 1}\n", List.of("publishers.rate=5"),
                        "--set: publishers.rate: expected a mapping at publishers, found a list of publisher groups"
                                + " (name one, such as publishers[0].rate)"),
                yaml("a duration too long to be one",
                        "phases: {measure: 99999999999s}\n",
                        FILE + ":1:19: phases.measure: expected a duration of at most 9 digits, found 99999999999s"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badScenarios")
    void runRefusesBadScenario(Case c) throws IOException {
        Path file = dir.resolve("scenario.yaml");
        c.setup().create(file);
        Path out = dir.resolve("results");
        List<String> args = new ArrayList<>(List.of("run", file.toString(), "--out", out.toString()));
        for (String set : c.sets()) {
            args.add("--set");
            args.add(set);
        }

        Cli.Result result = Cli.execute(args.toArray(String[]::new));

        String expected = String.join(System.lineSeparator(), c.expected()).replace(FILE, file.toString())
                + System.lineSeparator();
        assertEquals(expected, result.err(), "stderr");
        assertEquals(ExitCodes.BAD_INPUT, result.exit(), "exit code");
        assertFalse(result.err().contains("\tat "), "stack trace on stderr");
        assertFalse(result.err().contains("Exception"), "exception on stderr");
        assertEquals("", result.out(), "stdout");
        assertTrue(isAbsentOrEmpty(out), "nothing may be written to " + out);
    }

    @Test
    void everyCaseIsDistinct() {
        List<Case> cases = badScenarios().toList();
        assertTrue(cases.size() >= 18, "at least 18 cases, found " + cases.size());
        assertEquals(cases.size(), cases.stream().map(Case::name).distinct().count(), "case names repeat");
        assertEquals(cases.size(), cases.stream().map(Case::expected).distinct().count(), "expected texts repeat");
    }

    @Test
    void validateAcceptsTheSmokeScenario() {
        Path smoke = Path.of("..", "scenarios", "smoke.yaml");

        Cli.Result result = Cli.execute("validate", smoke.toString());

        assertEquals("", result.err(), "stderr");
        assertEquals(ExitCodes.OK, result.exit(), "exit code");
        assertEquals(smoke + ": ok: smoke, openwire, 1 publishers, 1 subscribers, 0 filters,"
                + " expected replication grade 1.00" + System.lineSeparator(), result.out());
    }

    @Test
    void validateReportsEveryBadFileAndExits2() throws IOException {
        Path good = Path.of("..", "scenarios", "smoke.yaml");
        Path bad = Files.writeString(dir.resolve("bad.yaml"), "provider: stomp\n");

        Cli.Result result = Cli.execute("validate", bad.toString(), good.toString());

        assertEquals(bad + ":1:11: provider: expected one of openwire, amqp, core, rabbitmq-jms, found 'stomp'" + System.lineSeparator(),
                result.err());
        assertTrue(result.out().startsWith(good + ": ok: smoke, "), result.out());
        assertEquals(ExitCodes.BAD_INPUT, result.exit(), "exit code");
    }


    private static boolean isAbsentOrEmpty(Path directory) throws IOException {
        if (!Files.exists(directory)) {
            return true;
        }
        try (Stream<Path> entries = Files.list(directory)) {
            return entries.findAny().isEmpty();
        }
    }
}
