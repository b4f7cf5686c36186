package io.jmsbench.scenario.read;

import com.fasterxml.jackson.databind.JsonNode;
import io.jmsbench.scenario.AgentsSpec;
import io.jmsbench.scenario.BrokerKind;
import io.jmsbench.scenario.BrokerManagement;
import io.jmsbench.scenario.BrokerSpec;
import io.jmsbench.scenario.BrokerTuning;
import io.jmsbench.scenario.CpuSpec;
import io.jmsbench.scenario.Defaults;
import io.jmsbench.scenario.DeliverySpec.AckMode;
import io.jmsbench.scenario.DeliverySpec;
import io.jmsbench.scenario.DestinationSpec.DestinationType;
import io.jmsbench.scenario.DestinationSpec;
import io.jmsbench.scenario.Distribution;
import io.jmsbench.scenario.FaultAction;
import io.jmsbench.scenario.FaultSpec;
import io.jmsbench.scenario.FilterSpec.AndPosition;
import io.jmsbench.scenario.FilterSpec;
import io.jmsbench.scenario.Filters;
import io.jmsbench.scenario.MessageHeaders;
import io.jmsbench.scenario.MessageSpec.MessageType;
import io.jmsbench.scenario.MessageSpec;
import io.jmsbench.scenario.Phases;
import io.jmsbench.scenario.Provider;
import io.jmsbench.scenario.PublishRate;
import io.jmsbench.scenario.PublisherSpec;
import io.jmsbench.scenario.Scenario;
import io.jmsbench.scenario.SecretReference;
import io.jmsbench.scenario.Selectors;
import io.jmsbench.scenario.SubscriberGroup;
import io.jmsbench.scenario.TlsSpec;
import io.jmsbench.scenario.Validity;
import io.jmsbench.scenario.VarySpec;
import io.jmsbench.text.Durations;
import jakarta.jms.InvalidSelectorException;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Reads the fields of a scenario's YAML tree into the records, checking each as it goes (through
 * {@link Fields}, which keeps every mistake with its position), and the rules across fields.
 */
final class ScenarioReader {

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,99}");
    /** A network interface's name, as Linux allows it (IFNAMSIZ: 15 characters). */
    private static final Pattern LINK = Pattern.compile("[A-Za-z0-9._@-]{1,15}");
    private static final Pattern DESTINATION = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._:/-]{0,199}");
    private static final Pattern OPENWIRE_URL = Pattern.compile("(tcp|ssl|nio|nio\\+ssl|failover):.+");
    private static final Pattern FIELD = Pattern.compile("[A-Za-z_$][A-Za-z0-9_$]{0,99}");
    private static final Pattern AMQP_URL = Pattern.compile("(amqp|amqps|amqpws|amqpwss|failover):.+");
    private static final Pattern CORE_URL = Pattern.compile("(tcp|udp|jgroups|vm):.+");
    private static final Pattern RABBITMQ_URL = Pattern.compile("amqps?://.+");
    private static final int MAX_FAULTS = 1000;
    private static final String EMBEDDED = "activemq or artemis (the embedded brokers jmsbench starts)";

    private ScenarioReader() {
    }

    static Scenario read(Fields root, String defaultName) {
        String fallbackName = NAME.matcher(defaultName).matches() ? defaultName : Defaults.SCENARIO_NAME;
        String name = root.string("name", fallbackName, NAME,
                "a name of letters, digits, '.', '_' or '-' (it names the results directory)");
        String description = root.string("description", Defaults.DESCRIPTION);
        Provider provider = root.choice("provider", Defaults.PROVIDER, Provider.class, Provider::yamlName);
        BrokerSpec broker = broker(root.mapping("broker"), provider);
        DestinationSpec destination = destination(root.mapping("destination"));
        MessageSpec message = message(root.mapping("message"));
        PublisherGroupReader.Groups groups = null;
        PublisherSpec single = null;
        if (root.describing()) {
            List<Fields> forms = root.describeMappingOrList("publishers", PublisherGroupReader.LIST);
            single = publishers(forms.get(0));
            groups = PublisherGroupReader.read(root, List.of(forms.get(1)), message);
        } else if (root.isList("publishers")) {
            groups = PublisherGroupReader.read(root, root.mappings("publishers"), message);
        } else {
            single = publishers(root.mapping("publishers"));
        }
        List<SubscriberGroup> subscribers = subscribers(root);
        DeliverySpec delivery = delivery(root.mapping("delivery"));
        PublisherSpec publishers = single != null ? single : groups.withDelivery(delivery);
        ReplyToReader.check(root, publishers.groups(), subscribers, destination, provider);
        Phases phases = phases(root.mapping("phases"));
        RateProfileReader.checkPhases(root, publishers.grouped() ? "/publishers/0/rate" : "/publishers/rate",
                publishers.rate(), phases);
        Validity validity = validity(root.mapping("validity"));
        AgentsSpec agents = agents(root.mapping("agents"));
        CpuSpec cpus = CpuReader.cpus(root, agents, broker);
        List<FaultSpec> faults = faults(root, broker, phases, provider);
        root.has("cases");  // read by the plan, known here so that every point's reading accepts them
        root.has("compare");
        root.has("sweep");
        root.has("repeat");
        root.has("search");
        root.has(ClaimReader.EXPECT);
        root.finish();
        checkMatchGroup(root, message, subscribers);
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

    /** {@code faults:}: each must start while the publishers run, on a broker whose process is ours. */
    private static List<FaultSpec> faults(Fields root, BrokerSpec broker, Phases phases, Provider provider) {
        List<Fields> items = root.mappings("faults");
        if (items == null) {
            return List.of();
        }
        boolean external = !broker.isEmbedded();
        Duration publishing = phases.warmup().plus(phases.measure());
        List<FaultSpec> faults = new ArrayList<>();
        for (Fields f : items) {
            FaultAction action = f.choice("action", null, FaultAction.class, FaultAction::yamlName);
            if (action == null && !f.has("action")) {
                f.problem("expected action: " + Arrays.stream(FaultAction.values()).map(FaultAction::yamlName)
                        .collect(Collectors.joining(" or ")) + ", found no action");
            }
            boolean hasAt = f.has("at");
            Duration at = f.duration("at", Duration.ZERO, Duration.ZERO);
            if (!hasAt) {
                f.problem("expected at: when the first fault starts after the publishers do, such as 10s, found no at");
            }
            int times = f.integer("times", 1, 1, MAX_FAULTS);
            boolean hasEvery = f.has("every");
            Duration every = f.duration("every", Duration.ZERO, Duration.ofSeconds(1));
            Duration downFor = f.duration("downFor", Defaults.FAULT_DOWN_FOR, Duration.ofMillis(100));
            if (times > 1 && !hasEvery) {
                f.problem("times", "expected every (the time between faults) beside times: " + times + ", found none");
            } else if (times > 1 && downFor.compareTo(every) >= 0) {
                f.problem("downFor", "expected downFor shorter than every (" + Durations.format(every)
                        + "), so that one fault ends before the next, found " + Durations.format(downFor));
            }
            Duration last = at.plus(every.multipliedBy(times - 1L));
            if (hasAt && last.compareTo(publishing) >= 0) {
                f.problem(times > 1 ? "times" : "at", "expected every fault to start while the publishers run (warm-up "
                        + "and window: " + Durations.format(publishing) + "), found the last at "
                        + Durations.format(last));
            }
            if (action != null && action.dropsConnections() && provider != Provider.OPENWIRE
                    && provider != Provider.AMQP) {
                f.problem("action", "expected provider openwire or amqp with " + action.yamlName() + " (their clients "
                        + "reconnect through ActiveMQ's or Qpid JMS's failover transport; "
                        + (provider == Provider.CORE ? "jmsbench runs Artemis's core client without reconnection"
                        : "RabbitMQ's JMS client has no failover transport")
                        + "), found provider " + provider.yamlName());
            }
            if (action != null && action.needsBrokerProcess() && external) {
                f.problem("action", "expected " + action.yamlName() + " only with an embedded broker (jmsbench acts "
                        + "on the process it started; partition works with any broker), found the external broker "
                        + broker.url());
            }
            String link = f.string("link", null, LINK, "a network link of the controller's machine, as 'ip link' "
                    + "names it (up to 15 letters, digits, '.', '_', '-', '@')");
            if (action == FaultAction.PARTITION && link == null && !f.has("link")) {
                f.problem("expected link: the network link to take down, such as veth1 or eth0 (see 'ip link'), "
                        + "found no link");
            } else if (action != null && action != FaultAction.PARTITION && link != null) {
                f.problem("link", "expected link only with action partition, found it with " + action.yamlName());
            }
            f.finish();
            faults.add(new FaultSpec(action, at, every, times, downFor, link));
        }
        return faults;
    }

    private static void checkMatchGroup(Fields root, MessageSpec message, List<SubscriberGroup> groups) {
        if (message.vary() == null || message.vary().matchGroup() == null) {
            return;
        }
        int g = message.vary().matchGroup();
        if (g >= groups.size()) {
            root.problemAt("/message/vary/matchGroup", "expected the index of a subscriber group (0 to "
                    + (groups.size() - 1) + "), found " + g);
        } else if (groups.get(g).filter() == null) {
            root.problemAt("/message/vary/matchGroup", "expected a subscriber group with a filter generator "
                    + "(messages are built to match its filters), found subscribers[" + g + "] without one");
        }
    }

    private static BrokerSpec broker(Fields f, Provider provider) {
        boolean hasUrl = f.has("url");
        boolean hasEmbedded = f.has("embedded");
        String url = f.string("url", null);
        String embedded = f.string("embedded", hasUrl ? null : Defaults.EMBEDDED_BROKER,
                () -> ValueSchemas.oneOfNames(EMBEDDED, List.of(BrokerSpec.ACTIVEMQ, BrokerSpec.ARTEMIS)));
        boolean persistent = f.bool("persistent", Defaults.BROKER_PERSISTENT);
        boolean reuse = f.bool("reuse", Defaults.BROKER_REUSE);
        BrokerTuning tuning = tuning(f, url != null ? null : embedded);
        BrokerKind kind = f.choice("kind", null, BrokerKind.class, BrokerKind::yamlName);
        TlsSpec tls = TlsReader.read(f, url, provider);
        if (kind != null && url == null) {
            f.problem("kind", "expected kind only with an external broker (url), found kind: " + kind.yamlName()
                    + " with the embedded " + embedded);
        }
        if (hasUrl && hasEmbedded) {
            f.problem("url", "expected either url (an external broker) or embedded, found both");
        }
        if (embedded != null && !BrokerSpec.ACTIVEMQ.equals(embedded) && !BrokerSpec.ARTEMIS.equals(embedded)) {
            f.problem("embedded", "expected " + EMBEDDED + ", found '" + embedded + "'");
        }
        if (url == null && BrokerSpec.ACTIVEMQ.equals(embedded) && provider == Provider.CORE) {
            f.problemAt("/provider", "expected openwire or amqp with the embedded activemq broker (ActiveMQ Classic "
                    + "has no CORE acceptor: core needs embedded: artemis or an Artemis url), found core");
        }
        if (url != null) {
            if (!urlPattern(provider).matcher(url).matches()) {
                f.problem("url", "expected " + (provider == Provider.AMQP || provider == Provider.OPENWIRE ? "an " : "a ")
                        + provider.yamlName() + " URL such as " + (provider == Provider.AMQP
                        || provider == Provider.RABBITMQ_JMS ? "amqp://host:5672" : "tcp://host:61616")
                        + ", found '" + url + "'");
            }
            if (f.has("persistent")) {
                f.problem("persistent", "expected no persistent field with an external broker (its own configuration "
                        + "decides persistence), found " + persistent);
            }
        }
        BrokerManagement management = management(f, url != null);
        f.finish();
        return new BrokerSpec(url == null ? embedded : null, persistent, url, reuse, tuning, url == null ? null : kind,
                management, tls);
    }

    private static final Pattern MANAGEMENT_URL = Pattern.compile("(https?://|service:jmx:|tcp://)\\S+");

    /** {@code broker.management}: only with an external broker; a password only by reference. */
    private static BrokerManagement management(Fields broker, boolean external) {
        if (!broker.has("management")) {
            return BrokerManagement.DEFAULT;
        }
        if (!external) {
            broker.problem("management", "expected management only with an external broker (url): the embedded "
                    + "broker's counts are read without it, found one");
        }
        Fields m = broker.mapping("management");
        String url = m.string("url", null, MANAGEMENT_URL,
                "an http(s):// URL (RabbitMQ's management API, or with kind activemq ActiveMQ's Jolokia), a "
                        + "service:jmx: URL (ActiveMQ's JMX) or a tcp:// URL (Artemis's management address, over its "
                        + "core protocol)");
        if (url != null && url.startsWith("http")) {
            URI uri = null;
            try {
                uri = new URI(url);
            } catch (URISyntaxException e) {
                m.problem("url", "expected an http(s):// URL such as http://broker:15672, found '" + url + "'");
            }
            if (uri != null && uri.getHost() == null) {
                m.problem("url", "expected an http(s):// URL with a host, such as http://broker:15672, found '" + url
                        + "'");
            } else if (uri != null && uri.getUserInfo() != null) {
                m.problem("url", "expected a URL without a user or password in it (give them as user and password: "
                        + "every report copies the URL), found one (not shown)");
            }
        }
        String user = m.string("user", null);
        String expected = "env:NAME or file:PATH (where the password is; never the password itself, which every report "
                + "would copy)";
        JsonNode raw = m.raw("password", () -> ValueSchemas.pattern(expected, SecretReference.PATTERN));
        String password = raw == null || raw.isNull() ? null : raw.asText();
        if (password != null && (!raw.isTextual() || !SecretReference.PATTERN.matcher(password).matches())) {
            m.problem("password", "expected " + expected + ", found something else (not shown)");
            password = null;
        }
        m.finish();
        return new BrokerManagement(url, user, password);
    }

    private static Pattern urlPattern(Provider provider) {
        return switch (provider) {
            case OPENWIRE -> OPENWIRE_URL;
            case AMQP -> AMQP_URL;
            case CORE -> CORE_URL;
            case RABBITMQ_JMS -> RABBITMQ_URL;
        };
    }

    private static final List<String> TUNING = List.of("memoryLimit", "storeLimit", "tempLimit", "journalDiskSyncs",
            "preallocationStrategy", "journalMaxFileLength", "dataDirectory", "producerFlowControl", "sendFailIfNoSpace",
            "sendFailIfNoSpaceAfterTimeout", "addressFullPolicy");

    /** The ActiveMQ Classic knobs Artemis has no counterpart of, each with what to use there instead. */
    private static final Map<String, String> ACTIVEMQ_ONLY = Map.of(
            "storeLimit", "ActiveMQ Classic's store limit; Artemis bounds memory with memoryLimit and pages beyond it",
            "tempLimit", "ActiveMQ Classic's temp store limit; Artemis pages to disk with addressFullPolicy: page",
            "preallocationStrategy", "a KahaDB setting of ActiveMQ Classic; Artemis's journal fills its files itself",
            "producerFlowControl", "ActiveMQ Classic's; on Artemis addressFullPolicy says what a full broker does: "
                    + "block, page or fail",
            "sendFailIfNoSpace", "ActiveMQ Classic's; on Artemis that is addressFullPolicy: fail",
            "sendFailIfNoSpaceAfterTimeout", "ActiveMQ Classic's; on Artemis a full broker fails sends at once with "
                    + "addressFullPolicy: fail");

    /** {@code embedded} is the embedded broker's name, {@code null} for an external broker. */
    private static BrokerTuning tuning(Fields f, String embedded) {
        if (embedded == null) {
            for (String key : TUNING) {
                if (f.has(key)) {
                    f.problem(key, "expected no " + key + " with an external broker (jmsbench configures only the "
                            + "embedded one), found one");
                }
            }
            return BrokerTuning.DEFAULT;
        }
        if (BrokerSpec.ARTEMIS.equals(embedded)) {
            for (String key : TUNING) {
                if (ACTIVEMQ_ONLY.containsKey(key) && f.has(key)) {
                    f.problem(key, "expected no " + key + " with embedded artemis (" + ACTIVEMQ_ONLY.get(key)
                            + "), found one");
                }
            }
        } else if (f.has("addressFullPolicy")) {
            f.problem("addressFullPolicy", "expected no addressFullPolicy with embedded activemq (an Artemis setting; "
                    + "ActiveMQ Classic's are producerFlowControl and sendFailIfNoSpace), found one");
        }
        long memory = f.megabytes("memoryLimit", Defaults.BROKER_MEMORY_LIMIT_MB);
        // unset (null) leaves these to the broker
        Long store = f.optionalMegabytes("storeLimit");
        Long temp = f.optionalMegabytes("tempLimit");
        Boolean syncs = f.optionalBool("journalDiskSyncs");
        BrokerTuning.PreallocationStrategy strategy = f.choice("preallocationStrategy", null,
                BrokerTuning.PreallocationStrategy.class, BrokerTuning.PreallocationStrategy::yamlName);
        Long journalMb = f.optionalMegabytes("journalMaxFileLength");
        Integer journal = journalMb == null ? null : (int) Math.min(Integer.MAX_VALUE, journalMb);
        String dataDirectory = f.string("dataDirectory", null);
        boolean flowControl = f.bool("producerFlowControl", Defaults.PRODUCER_FLOW_CONTROL);
        boolean sendFail = f.bool("sendFailIfNoSpace", Defaults.SEND_FAIL_IF_NO_SPACE);
        Duration sendFailAfter = f.has("sendFailIfNoSpaceAfterTimeout")
                ? f.duration("sendFailIfNoSpaceAfterTimeout", null, Duration.ofMillis(1)) : null;
        BrokerTuning.AddressFullPolicy fullPolicy = f.choice("addressFullPolicy",
                BrokerSpec.ARTEMIS.equals(embedded) ? Defaults.ADDRESS_FULL_POLICY : null,
                BrokerTuning.AddressFullPolicy.class, BrokerTuning.AddressFullPolicy::yamlName);
        return new BrokerTuning(memory, store, temp, syncs, strategy, journal, dataDirectory, flowControl, sendFail,
                sendFailAfter, fullPolicy);
    }

    private static DestinationSpec destination(Fields f) {
        DestinationType type = f.choice("type", Defaults.DESTINATION_TYPE, DestinationType.class, DestinationType::yamlName);
        String name = f.string("name", Defaults.DESTINATION_NAME, DESTINATION,
                "a destination name of letters, digits, '.', '_', '-', ':' or '/'");
        int count = f.integer("count", Defaults.DESTINATION_COUNT, 1, Defaults.MAX_DESTINATIONS);
        f.finish();
        return new DestinationSpec(type, name, count);
    }

    static MessageSpec message(Fields f) {
        MessageType type = f.choice("type", Defaults.MESSAGE_TYPE, MessageType.class, MessageType::yamlName);
        MessageSizeReader.Sizes sizes = MessageSizeReader.read(f, type);
        int properties = f.integer("properties", Defaults.MESSAGE_PROPERTIES, 0, Defaults.MAX_PROPERTIES);
        String values = f.string("values", Defaults.PROPERTY_VALUE);
        String correlationId = f.string("correlationId", null);
        VarySpec vary = f.has("vary") ? vary(f.mapping("vary")) : null;
        boolean stamped = f.bool("stamped", Defaults.MESSAGE_STAMPED);
        MessageHeaders headers = MessageHeaderReader.read(f);
        f.finish();
        MessageSpec message = new MessageSpec(type, sizes.size(), properties, values, correlationId, vary, stamped,
                sizes.sizes(), sizes.files(), headers);
        if (vary != null && message.sizeVaries()) {
            f.problem("vary", "expected no vary with a size that varies (each would need its own round robin, and a "
                    + "selector matching some variants would receive other sizes than were sent), found both");
        }
        return message;
    }

    static VarySpec vary(Fields f) {
        if (f.has("matchGroup")) {
            // read only when present, as are and and anyOf in a filter: the fallback is no default but
            // what reading goes on with after a problem (the scenario is refused then anyway)
            int group = f.integer("matchGroup", 0, 0, Defaults.MAX_CLIENTS_PER_GROUP);
            for (String other : List.of("on", "from", "to")) {
                if (f.has(other)) {
                    f.problem(other, "expected either matchGroup or on/from/to, found both");
                }
            }
            f.finish();
            return new VarySpec(null, null, null, group);
        }
        String on = f.string("on", null, FIELD, "a property name such as P1, or correlationId");
        int from = f.integer("from", Defaults.VARY_FROM, 0, Integer.MAX_VALUE - 1);
        int to = f.integer("to", from, 0, Integer.MAX_VALUE - 1);
        if (on == null) {
            f.problem("expected on (the field to vary) with from and to, or matchGroup");
        } else if (to < from) {
            f.problem("to", "expected a value of at least from (" + from + "), found " + to);
        } else if ((long) to - from >= Defaults.MAX_VARIANTS) {
            f.problem("to", "expected at most " + Defaults.MAX_VARIANTS + " values from " + from + ", found " + to);
        }
        f.finish();
        return new VarySpec(on, from, to, null);
    }

    private static PublisherSpec publishers(Fields f) {
        int clients = f.integer("clients", Defaults.PUBLISHER_CLIENTS, 1, Defaults.MAX_CLIENTS_PER_GROUP);
        PublishRate rate = RateProfileReader.rate(f);
        int connections = f.integer("connections", 0, 1, Defaults.MAX_CLIENTS_PER_GROUP);
        PublisherSpec.Faults faults = null;
        if (f.hasHidden("faults")) {
            Fields hook = f.hiddenMapping("faults");
            faults = new PublisherSpec.Faults(hook.integer("dropEvery", Defaults.FAULT_EVERY, 0, Integer.MAX_VALUE),
                    hook.integer("repeatEvery", Defaults.FAULT_EVERY, 0, Integer.MAX_VALUE),
                    hook.integer("failAfterSendEvery", Defaults.FAULT_EVERY, 0, Integer.MAX_VALUE),
                    hook.integer("failAfterCommitEvery", Defaults.FAULT_EVERY, 0, Integer.MAX_VALUE));
            hook.finish();
        }
        if (f.hasHidden(ReplyToReader.KEY)) {
            f.problem(ReplyToReader.KEY, "expected replyTo only in a list of publisher groups (requesters are a group "
                    + "of their own: publishers: [{name: requesters, replyTo: temporary}]), found it in the mapping");
        }
        f.finish();
        return new PublisherSpec(clients, rate, faults, List.of(), connections == 0 ? null : connections);
    }

    private static List<SubscriberGroup> subscribers(Fields root) {
        List<Fields> groups = root.mappings("subscribers");
        if (groups == null) {
            return List.of(new SubscriberGroup(Defaults.SUBSCRIBER_CLIENTS, null));
        }
        if (groups.isEmpty() && root.listSize("subscribers") == 0) {
            root.problem("subscribers", "expected at least one subscriber group, found an empty list");
        }
        List<SubscriberGroup> result = new ArrayList<>();
        for (Fields g : groups) {
            int clients = g.integer("clients", Defaults.SUBSCRIBER_CLIENTS, 1, Defaults.MAX_CLIENTS_PER_GROUP);
            String selector = g.string("selector", null);
            int before = g.problems().size();
            FilterSpec filter = g.has("filter") ? filter(g.mapping("filter"), clients) : null;
            boolean filterComplete = g.problems().size() == before;
            if (filter != null && selector != null) {
                g.problem("filter", "expected either selector (a raw JMS selector) or filter (a generator), found both");
            }
            boolean blocksFit = filter == null || filter.anyOf() == null || filter.anyOf() >= clients;
            if (filter != null && selector == null && blocksFit && filterComplete) {
                try {
                    Selectors.parse(Filters.filter(filter, 0, clients).selector());
                } catch (InvalidSelectorException | RuntimeException e) {
                    g.problem("filter", "expected a filter whose selector ActiveMQ's parser accepts, found one it rejects: "
                            + e.getMessage());
                }
            }
            if (selector != null) {
                if (selector.isBlank()) {
                    g.problem("selector", "expected a JMS selector (leave the field out for no filter), found an empty string");
                } else {
                    try {
                        Selectors.parse(selector);
                    } catch (InvalidSelectorException e) {
                        g.problem("selector", "expected a JMS selector ActiveMQ's parser accepts, found '" + selector
                                + "': " + e.getMessage());
                    }
                }
            }
            Distribution processing = DistributionReader.read(g, "processing",
                    DistributionReader.Unit.durations("time", Defaults.MAX_PROCESSING_NANOS), SubscriberGroup.NO_PROCESSING);
            Duration start = g.duration("start", null, Duration.ZERO);
            Duration stop = g.duration("stop", null, Duration.ofMillis(1));
            boolean reply = g.bool("reply", false);
            g.finish();
            result.add(new SubscriberGroup(clients, selector == null || selector.isBlank() ? null : selector,
                    selector == null ? filter : null, processing, start, stop, reply));
        }
        return result.isEmpty() ? List.of(new SubscriberGroup(Defaults.SUBSCRIBER_CLIENTS, null)) : result;
    }

    private static FilterSpec filter(Fields f, int clients) {
        boolean and = f.has("and");
        Integer length = and ? f.integer("and", 1, 1, Defaults.MAX_PROPERTIES) : null;
        AndPosition position = f.choice("position", and ? Defaults.AND_POSITION : null, AndPosition.class,
                AndPosition::yamlName);
        String on = f.string("on", null, FIELD, "a property name such as P1, or correlationId");
        String equals = f.string("equals", null);
        Integer anyOf = f.has("anyOf") ? f.integer("anyOf", clients, 1, Defaults.MAX_VARIANTS) : null;
        if (and) {
            for (String other : List.of("on", "equals", "anyOf")) {
                if (f.has(other)) {
                    f.problem(other, "expected no " + other + " with and (an AND filter over P1..Pn), found one");
                }
            }
        } else {
            if (f.has("position")) {
                f.problem("position", "expected position only with and: n, found it without");
            }
            if (on == null) {
                f.problem("expected on (a property or correlationId) with equals or anyOf, or and: n");
            } else if ((equals == null) == (anyOf == null)) {
                f.problem("expected exactly one of equals or anyOf");
            } else if (anyOf != null && anyOf < clients) {
                f.problem("anyOf", "expected at least one value per client of the group (" + clients + "), found "
                        + anyOf);
            }
        }
        f.finish();
        return new FilterSpec(and ? null : on, and ? null : equals, and ? null : anyOf, length,
                and ? position : null);
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
        if (!monitor.isEmpty() && publishers.isEmpty()) {
            f.problem("monitor", "expected a monitor only with remote publisher and subscriber agents, found it alone");
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
