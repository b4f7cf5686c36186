package io.jmsbench.scenario.read;

import io.jmsbench.scenario.Defaults;
import io.jmsbench.scenario.DeliverySpec;
import io.jmsbench.scenario.MessageSpec.MessageType;
import io.jmsbench.scenario.MessageSpec;
import io.jmsbench.scenario.PublishRate;
import io.jmsbench.scenario.PublisherGroup;
import io.jmsbench.scenario.PublisherSpec;
import io.jmsbench.scenario.ReplyTo;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads {@code publishers:}: one mapping ({@link #single}), or a list of groups, each with its own
 * clients, rate, and the fields of {@code message:} and {@code delivery.persistent} it sets over the
 * scenario's.
 */
final class PublisherGroupReader {

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,99}");
    static final String LIST = "a list of publisher groups, each with its own clients, rate, message and delivery "
            + "(name, message, delivery and replyTo only in a list)";

    private PublisherGroupReader() {
    }

    /**
     * The groups as read, each persistent as its own {@code delivery} says or, {@code null}, as the
     * scenario's (read after the publishers, in the order fields are listed).
     */
    record Groups(List<PublisherGroup> read, List<Boolean> persistent) {

        PublisherSpec withDelivery(DeliverySpec delivery) {
            if (read.isEmpty()) {
                return PublisherSpec.single(Defaults.PUBLISHER_CLIENTS, Defaults.PUBLISH_RATE);
            }
            List<PublisherGroup> groups = new ArrayList<>();
            for (int i = 0; i < read.size(); i++) {
                PublisherGroup g = read.get(i);
                boolean own = persistent.get(i) == null ? delivery.persistent() : persistent.get(i);
                groups.add(new PublisherGroup(g.name(), g.clients(), g.rate(), g.message(), own, g.replyTo()));
            }
            return PublisherSpec.of(groups);
        }
    }

    static Groups read(Fields root, List<Fields> items, MessageSpec message) {
        if (items.isEmpty() && root.listSize("publishers") == 0) {
            root.problem("publishers", "expected at least one publisher group, found an empty list");
        }
        if (message.vary() != null && root.listSize("publishers") > 0) {
            root.problemAt("/message/vary", "expected no message.vary with a list of publisher groups (a group's "
                    + "messages are told apart by its own message fields, and variants across groups are not "
                    + "judged), found one");
        }
        List<PublisherGroup> groups = new ArrayList<>();
        List<Boolean> persistence = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (int i = 0; i < items.size(); i++) {
            Fields g = items.get(i);
            String name = g.string("name", PublisherGroup.defaultName(i), NAME,
                    "a name of letters, digits, '.', '_' or '-'");
            if (!names.add(name)) {
                String twice = "expected a name no other publisher group has, found " + name + " twice";
                if (g.has("name")) {
                    g.problem("name", twice);
                } else {
                    g.problem(twice);
                }
            }
            int clients = g.integer("clients", Defaults.PUBLISHER_CLIENTS, 1, Defaults.MAX_CLIENTS_PER_GROUP);
            PublishRate rate = RateProfileReader.rate(g);
            if (rate instanceof PublishRate.Profile && root.listSize("publishers") > 1) {
                g.problem("rate", "expected max or a number with more than one publisher group (the run's target "
                        + "and its charts follow one rate profile), found a profile");
            } else if (rate instanceof PublishRate.Sustainable && root.listSize("publishers") > 1) {
                g.problem("rate", "expected max or a number with more than one publisher group (a closed loop "
                        + "turns one rate, shared evenly by one group's clients: give each group a fixed rate, or "
                        + "keep one group to find its sustainable rate), found sustainable");
            }
            MessageSpec own = g.has("message") ? message(g.mapping("message"), message) : message;
            Boolean persistent = g.has("delivery") ? persistent(g.mapping("delivery")) : null;
            if (g.hasHidden("destination")) {
                g.problem("destination", "expected no destination in a publisher group (every group sends to the "
                        + "scenario's destination, spread as one pool's clients are), found one");
            }
            ReplyTo replyTo = ReplyToReader.read(g);
            g.finish();
            groups.add(new PublisherGroup(name, clients, rate, own, false, replyTo));
            persistence.add(persistent);
        }
        double fixed = groups.stream().filter(p -> p.rate() instanceof PublishRate.PerSecond)
                .mapToDouble(p -> ((PublishRate.PerSecond) p.rate()).total()).sum();
        if (fixed > Defaults.MAX_PUBLISH_RATE) {
            root.problem("publishers", "expected the groups' fixed rates to total at most "
                    + new PublishRate.PerSecond(Defaults.MAX_PUBLISH_RATE).text() + " msgs/s, found " + Math.round(fixed));
            return new Groups(List.of(), List.of());
        }
        return new Groups(groups, persistence);
    }

    /** A group's message: the fields it gives, over the scenario's {@code base}. */
    private static MessageSpec message(Fields f, MessageSpec base) {
        MessageType type = f.choice("type", base.type(), MessageType.class, MessageType::yamlName);
        boolean sized = f.has("size");
        MessageSizeReader.Sizes sizes = sized ? MessageSizeReader.read(f, type) : null;
        int properties = f.integer("properties", base.properties(), 0, Defaults.MAX_PROPERTIES);
        String values = f.string("values", base.values());
        String correlationId = f.string("correlationId", base.correlationId());
        boolean stamped = f.bool("stamped", base.stamped());
        if (f.hasHidden("vary")) {
            f.problem("vary", "expected no vary in a publisher group's message (variants across groups are not "
                    + "judged; give each variant a group of its own), found one");
        }
        f.finish();
        return sized
                ? new MessageSpec(type, sizes.size(), properties, values, correlationId, null, stamped, sizes.sizes(),
                sizes.files(), base.headers())
                : new MessageSpec(type, base.size(), properties, values, correlationId, null, stamped, base.sizes(),
                base.files(), base.headers());
    }

    /** A group's delivery: only whether its messages are persistent (the rest is the subscribers' too). */
    private static Boolean persistent(Fields f) {
        Boolean persistent = f.has("persistent") ? f.bool("persistent", Defaults.DELIVERY_PERSISTENT) : null;
        for (String other : List.of("ack", "durable", "ackEvery", "transactionSize", "asyncSend")) {
            if (f.hasHidden(other)) {
                f.problem(other, "expected only persistent in a publisher group's delivery (" + other
                        + " is the scenario's delivery, shared by every group), found " + other);
            }
        }
        f.finish();
        return persistent;
    }

    /** {@code publishers:} as one mapping: one group, sending the scenario's message ({@link PublisherSpec#single}). */
    static PublisherSpec single(Fields f) {
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
        return PublisherSpec.single(clients, rate, faults, connections == 0 ? null : connections);
    }
}
