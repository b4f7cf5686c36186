package io.jmsbench.scenario.read;

import io.jmsbench.scenario.AgentsSpec;
import io.jmsbench.scenario.BrokerSpec;
import io.jmsbench.scenario.CpuSpec;
import io.jmsbench.scenario.Defaults;
import io.jmsbench.scenario.DeliverySpec.AckMode;
import io.jmsbench.scenario.DeliverySpec;
import io.jmsbench.scenario.DestinationSpec.DestinationType;
import io.jmsbench.scenario.DestinationSpec;
import io.jmsbench.scenario.FaultSpec;
import io.jmsbench.scenario.MessageSpec;
import io.jmsbench.scenario.Phases;
import io.jmsbench.scenario.Provider;
import io.jmsbench.scenario.PublisherSpec;
import io.jmsbench.scenario.Scenario;
import io.jmsbench.scenario.SubscriberGroup;
import io.jmsbench.scenario.Validity;
import io.jmsbench.text.Durations;

import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Reads the fields of a scenario's YAML tree into the records, checking each as it goes (through
 * {@link Fields}, which keeps every mistake with its position), and the rules across fields. Each
 * section has its reader ({@link BrokerReader}, {@link MessageReader}, {@link PublisherGroupReader},
 * {@link SubscriberReader}, {@link FaultReader}); the smaller ones are read here.
 */
final class ScenarioReader {

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,99}");

    private ScenarioReader() {
    }

    static Scenario read(Fields root, String defaultName) {
        String fallbackName = NAME.matcher(defaultName).matches() ? defaultName : Defaults.SCENARIO_NAME;
        String name = root.string("name", fallbackName, NAME,
                "a name of letters, digits, '.', '_' or '-' (it names the results directory)");
        String description = root.string("description", Defaults.DESCRIPTION);
        Provider provider = root.choice("provider", Defaults.PROVIDER, Provider.class, Provider::yamlName);
        BrokerSpec broker = BrokerReader.broker(root.mapping("broker"), provider);
        DestinationSpec destination = MessageReader.destination(root.mapping("destination"));
        MessageSpec message = MessageReader.message(root.mapping("message"));
        PublisherGroupReader.Groups groups = null;
        PublisherSpec single = null;
        if (root.describing()) {
            List<Fields> forms = root.nested().describeMappingOrList("publishers", PublisherGroupReader.LIST);
            single = PublisherGroupReader.single(forms.get(0));
            groups = PublisherGroupReader.read(root, List.of(forms.get(1)), message);
        } else if (root.nested().isList("publishers")) {
            groups = PublisherGroupReader.read(root, root.mappings("publishers"), message);
        } else {
            single = PublisherGroupReader.single(root.mapping("publishers"));
        }
        List<SubscriberGroup> subscribers = SubscriberReader.subscribers(root);
        DeliverySpec delivery = delivery(root.mapping("delivery"));
        PublisherSpec publishers = single != null ? single : groups.withDelivery(delivery);
        ReplyToReader.check(root, publishers.groups(), subscribers, destination, provider);
        Phases phases = phases(root.mapping("phases"));
        RateProfileReader.checkPhases(root, publishers.listed() ? "/publishers/0/rate" : "/publishers/rate",
                publishers.rate(), phases);
        Validity validity = validity(root.mapping("validity"));
        AgentsSpec agents = agents(root.mapping("agents"));
        CpuSpec cpus = CpuReader.cpus(root, agents, broker);
        List<FaultSpec> faults = FaultReader.faults(root, broker, phases, provider);
        root.has("cases");  // read by the plan, known here so that every point's reading accepts them
        root.has("compare");
        root.has("sweep");
        root.has("repeat");
        root.has("search");
        root.has(ClaimReader.EXPECT);
        root.finish();
        SubscriberReader.checkMatchGroup(root, message, subscribers);
        MessageHeaderReader.check(root, message.headers(), broker, provider, destination, phases);
        ConsumerSchedules.check(root, destination, phases, subscribers);
        PublisherConnectionRules.check(root, publishers, delivery, message);
        BrokerLimits.check(root, broker, provider, destination, subscribers, delivery);
        if (delivery.durable() && destination.type() != DestinationType.TOPIC) {
            root.problemAt("/delivery/durable", "expected durable only with a topic (queues are always kept), found "
                    + "destination type " + destination.type().yamlName());
        }
        return new Scenario(name, description, broker, provider, destination, message, publishers, subscribers,
                delivery, phases, validity, agents, faults, cpus);
    }

    private static Validity validity(Fields f) {
        double brokerCpuMin = f.fraction("brokerCpuMin", Defaults.BROKER_CPU_MIN, 0, 1);
        double clientCpuMax = f.fraction("clientCpuMax", Defaults.CLIENT_CPU_MAX, 0, 1);
        double clockUncertaintyMax = f.decimal("clockUncertaintyMax", Defaults.CLOCK_UNCERTAINTY_MAX, 0, 1000);
        f.finish();
        return new Validity(brokerCpuMin, clientCpuMax, clockUncertaintyMax);
    }

    private static AgentsSpec agents(Fields f) {
        boolean hasPublishers = f.has("publishers");
        boolean hasSubscribers = f.has("subscribers");
        List<String> publishers = f.addresses("publishers");
        List<String> subscribers = f.addresses("subscribers");
        List<String> monitor = f.addresses("monitor");
        if (hasPublishers != hasSubscribers) {
            f.problem(hasPublishers ? "publishers" : "subscribers", "expected publisher and subscriber agents "
                    + "both listed (or neither, to run them on this machine), found only "
                    + (hasPublishers ? "publishers" : "subscribers"));
        }
        if (monitor.size() > 1) {
            f.problem("monitor", "expected one monitor agent (on the broker's machine), found " + monitor.size());
        }
        f.finish();
        return new AgentsSpec(publishers, subscribers, monitor.isEmpty() ? null : monitor.get(0));
    }

    private static DeliverySpec delivery(Fields f) {
        boolean persistent = f.bool("persistent", Defaults.DELIVERY_PERSISTENT);
        AckMode ack = f.choice("ack", Defaults.ACK, AckMode.class, AckMode::yamlName);
        boolean durable = f.bool("durable", Defaults.DURABLE);
        int ackEvery = f.integer("ackEvery", Defaults.ACK_EVERY, 1, 1_000_000);
        int transactionSize = f.integer("transactionSize", Defaults.TRANSACTION_SIZE, 1, 1_000_000);
        boolean asyncSend = f.bool("asyncSend", Defaults.ASYNC_SEND);
        if (f.has("ackEvery") && ack != AckMode.CLIENT) {
            f.problem("ackEvery", "expected ackEvery only with ack: client, found ack: " + ack.yamlName());
        }
        if (f.has("transactionSize") && ack != AckMode.TRANSACTED) {
            f.problem("transactionSize", "expected transactionSize only with ack: transacted, found ack: "
                    + ack.yamlName());
        }
        f.finish();
        return new DeliverySpec(persistent, ack, durable, ackEvery, transactionSize, asyncSend);
    }

    private static Phases phases(Fields f) {
        boolean warmupAuto = f.isAuto("warmup", Defaults.WARMUP_AUTO);
        Duration warmup = warmupAuto ? f.duration("maxWarmup", Defaults.MAX_WARMUP, Defaults.MIN_AUTO_WARMUP)
                : f.durationUnlessAuto("warmup", Duration.ZERO, Duration.ZERO);
        boolean measureAuto = f.isAuto("measure", Defaults.MEASURE_AUTO);
        Duration measure = measureAuto ? f.duration("maxMeasure", Defaults.MAX_MEASURE, Defaults.MIN_AUTO_MEASURE)
                : f.durationUnlessAuto("measure", Duration.ofSeconds(1), Duration.ofSeconds(1));
        onlyWhenAuto(f, "maxWarmup", warmupAuto, "warmup", warmup);
        onlyWhenAuto(f, "maxMeasure", measureAuto, "measure", measure);
        onlyWhenAuto(f, "precision", measureAuto, "measure", measure);
        double precision = f.fraction("precision", Defaults.PRECISION, 0.001, 0.5);
        Duration drain = f.duration("drain", Defaults.DRAIN, Duration.ZERO);
        int messages = f.integer("messages", Defaults.MEASURE_MESSAGES, 1, Integer.MAX_VALUE);
        if (messages > 0 && measureAuto) {
            f.problem("messages", "expected messages only with a fixed measure (such as 60s, its time bound), "
                    + "found measure: auto");
        }
        f.finish();
        return new Phases(warmup, measure, drain, messages, warmupAuto, measureAuto, precision);
    }

    /** A field that tunes an auto phase ({@code maxWarmup}, {@code precision}) is a mistake beside a fixed one. */
    private static void onlyWhenAuto(Fields f, String key, boolean auto, String phase, Duration fixed) {
        if (!auto && f.has(key)) {
            f.problem(key, "expected " + key + " only with " + phase + ": auto, found " + phase + ": "
                    + Durations.format(fixed));
        }
    }
}
