package io.jmsbench.scenario;

import io.jmsbench.scenario.DeliverySpec.AckMode;
import io.jmsbench.scenario.DestinationSpec.DestinationType;
import io.jmsbench.scenario.MessageSpec.MessageType;
import io.jmsbench.workload.Selectors;
import jakarta.jms.InvalidSelectorException;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Reads a scenario file strictly: every field checked, unknown fields refused with the nearest
 * valid name, selectors parsed with the broker's grammar. All mistakes are collected and thrown
 * together, each with its file, line, column and field.
 */
public final class ScenarioLoader {

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,99}");
    private static final Pattern DESTINATION = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._:/-]{0,199}");
    private static final Pattern OPENWIRE_URL = Pattern.compile("(tcp|ssl|nio|nio\\+ssl|failover):.+");
    private static final Pattern AMQP_URL = Pattern.compile("(amqp|amqps|amqpws|amqpwss|failover):.+");

    private ScenarioLoader() {
    }

    public static Scenario load(Path file) throws ScenarioException {
        return load(file, List.of());
    }

    public static Scenario load(Path file, List<String> overrides) throws ScenarioException {
        String source = file.toString();
        String text;
        try {
            if (Files.isDirectory(file)) {
                throw problem(source, "expected a scenario file, found a directory");
            }
            if (Files.size(file) > YamlTree.MAX_BYTES) {
                throw problem(source, "expected a scenario file of at most 1 MiB, found " + Files.size(file) + " bytes");
            }
            text = StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(Files.readAllBytes(file))).toString();
        } catch (NoSuchFileException e) {
            throw problem(source, "no such file");
        } catch (CharacterCodingException e) {
            throw problem(source, "expected a UTF-8 text file, found bytes that are not UTF-8");
        } catch (IOException e) {
            throw problem(source, "could not be read: " + e.getMessage());
        }
        String defaultName = file.getFileName().toString().replaceFirst("\\.ya?ml$", "");
        return parse(text, source, defaultName, overrides);
    }

    /** Parses scenario text; {@code source} names it in problems, {@code defaultName} is used when it has no name. */
    public static Scenario parse(String text, String source, String defaultName, List<String> overrides)
            throws ScenarioException {
        List<Problem> problems = new ArrayList<>();
        YamlTree tree = YamlTree.parse(text, source, problems);
        if (tree == null) {
            throw new ScenarioException(problems);
        }
        SetOverrides.apply(tree, overrides, problems);
        Scenario scenario = read(Fields.root(tree, problems), defaultName);
        if (!problems.isEmpty()) {
            throw new ScenarioException(inFileOrder(problems));
        }
        return scenario;
    }

    /** The file's problems by position, then those of {@code --set} in the order given. */
    private static List<Problem> inFileOrder(List<Problem> problems) {
        List<Problem> sorted = new ArrayList<>(problems);
        sorted.sort(java.util.Comparator.comparing((Problem p) -> p.source().equals(SetOverrides.SOURCE))
                .thenComparingInt(Problem::line).thenComparingInt(Problem::column));
        return sorted;
    }

    private static ScenarioException problem(String source, String message) {
        return new ScenarioException(List.of(new Problem(source, 0, 0, "(file)", message)));
    }

    private static Scenario read(Fields root, String defaultName) {
        String fallbackName = NAME.matcher(defaultName).matches() ? defaultName : "scenario";
        String name = root.string("name", fallbackName, NAME,
                "a name of letters, digits, '.', '_' or '-' (it names the results directory)");
        String description = root.string("description", "");
        Provider provider = root.choice("provider", Defaults.PROVIDER, Provider.class, Provider::yamlName);
        BrokerSpec broker = broker(root.mapping("broker"), provider);
        DestinationSpec destination = destination(root.mapping("destination"));
        MessageSpec message = message(root.mapping("message"));
        PublisherSpec publishers = publishers(root.mapping("publishers"));
        List<SubscriberGroup> subscribers = subscribers(root);
        DeliverySpec delivery = delivery(root.mapping("delivery"));
        Phases phases = phases(root.mapping("phases"));
        root.finish();
        return new Scenario(name, description, broker, provider, destination, message, publishers, subscribers,
                delivery, phases);
    }

    private static BrokerSpec broker(Fields f, Provider provider) {
        boolean hasUrl = f.has("url");
        boolean hasEmbedded = f.has("embedded");
        String url = f.string("url", null);
        String embedded = f.string("embedded", hasUrl ? null : Defaults.EMBEDDED_BROKER);
        boolean persistent = f.bool("persistent", Defaults.BROKER_PERSISTENT);
        if (hasUrl && hasEmbedded) {
            f.problem("url", "expected either url (an external broker) or embedded, found both");
        }
        if (embedded != null && !BrokerSpec.ACTIVEMQ.equals(embedded)) {
            f.problem("embedded", "expected activemq (the embedded broker jmsbench starts), found '" + embedded + "'");
        }
        if (url != null) {
            Pattern expected = provider == Provider.AMQP ? AMQP_URL : OPENWIRE_URL;
            if (!expected.matcher(url).matches()) {
                f.problem("url", "expected an " + provider.yamlName() + " URL such as "
                        + (provider == Provider.AMQP ? "amqp://host:5672" : "tcp://host:61616") + ", found '" + url + "'");
            }
            if (f.has("persistent")) {
                f.problem("persistent", "expected no persistent field with an external broker (its own configuration "
                        + "decides persistence), found " + persistent);
            }
        }
        f.finish();
        return new BrokerSpec(url == null ? embedded : null, persistent, url);
    }

    private static DestinationSpec destination(Fields f) {
        DestinationType type = f.choice("type", Defaults.DESTINATION_TYPE, DestinationType.class, DestinationType::yamlName);
        String name = f.string("name", Defaults.DESTINATION_NAME, DESTINATION,
                "a destination name of letters, digits, '.', '_', '-', ':' or '/'");
        f.finish();
        return new DestinationSpec(type, name);
    }

    private static MessageSpec message(Fields f) {
        MessageType type = f.choice("type", Defaults.MESSAGE_TYPE, MessageType.class, MessageType::yamlName);
        int size = f.integer("size", Defaults.MESSAGE_SIZE, 0, Defaults.MAX_MESSAGE_SIZE);
        int properties = f.integer("properties", Defaults.MESSAGE_PROPERTIES, 0, Defaults.MAX_PROPERTIES);
        String values = f.string("values", Defaults.PROPERTY_VALUE);
        f.finish();
        return new MessageSpec(type, size, properties, values);
    }

    private static PublisherSpec publishers(Fields f) {
        int clients = f.integer("clients", Defaults.PUBLISHER_CLIENTS, 1, Defaults.MAX_CLIENTS_PER_GROUP);
        String rate = f.string("rate", Defaults.PUBLISH_RATE);
        if (!PublisherSpec.MAX_RATE.equals(rate)) {
            f.problem("rate", "expected max (saturated publishing, the only rate this version supports), found '"
                    + rate + "'");
        }
        f.finish();
        return new PublisherSpec(clients, PublisherSpec.MAX_RATE);
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
            if (selector != null) {
                if (selector.isBlank()) {
                    g.problem("selector", "expected a JMS selector (leave the field out for no filter), found an empty string");
                } else {
                    try {
                        Selectors.parse(selector);
                    } catch (InvalidSelectorException e) {
                        g.problem("selector", "expected a JMS selector the broker accepts, found '" + selector
                                + "': " + e.getMessage());
                    }
                }
            }
            g.finish();
            result.add(new SubscriberGroup(clients, selector == null || selector.isBlank() ? null : selector));
        }
        return result.isEmpty() ? List.of(new SubscriberGroup(Defaults.SUBSCRIBER_CLIENTS, null)) : result;
    }

    private static DeliverySpec delivery(Fields f) {
        boolean persistent = f.bool("persistent", Defaults.DELIVERY_PERSISTENT);
        AckMode ack = f.choice("ack", Defaults.ACK, AckMode.class, AckMode::yamlName);
        f.finish();
        return new DeliverySpec(persistent, ack);
    }

    private static Phases phases(Fields f) {
        Duration warmup = f.duration("warmup", Defaults.WARMUP, Duration.ZERO);
        Duration measure = f.duration("measure", Defaults.MEASURE, Duration.ofSeconds(1));
        Duration drain = f.duration("drain", Defaults.DRAIN, Duration.ZERO);
        f.finish();
        return new Phases(warmup, measure, drain);
    }
}
