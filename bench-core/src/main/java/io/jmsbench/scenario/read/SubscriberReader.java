package io.jmsbench.scenario.read;

import io.jmsbench.scenario.Defaults;
import io.jmsbench.scenario.Distribution;
import io.jmsbench.scenario.FilterSpec.AndPosition;
import io.jmsbench.scenario.FilterSpec;
import io.jmsbench.scenario.Filters;
import io.jmsbench.scenario.MessageSpec;
import io.jmsbench.scenario.Selectors;
import io.jmsbench.scenario.SubscriberGroup;
import io.jmsbench.text.Quoted;
import jakarta.jms.InvalidSelectorException;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Reads {@code subscribers:}, each group with its selector or filter generator, and the group messages match. */
final class SubscriberReader {

    private SubscriberReader() {
    }

    static List<SubscriberGroup> subscribers(Fields root) {
        List<Fields> groups = root.mappings("subscribers");
        if (groups == null) {
            return List.of(SubscriberGroup.of(Defaults.SUBSCRIBER_CLIENTS, null));
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
                        g.problem("selector", "expected a JMS selector ActiveMQ's parser accepts, found "
                                + Quoted.value(selector) + ": " + e.getMessage());
                    }
                }
            }
            Distribution processing = DistributionReader.read(g, "processing",
                    DistributionReader.Unit.durations("time", Defaults.MAX_PROCESSING_NANOS), SubscriberGroup.NO_PROCESSING);
            Duration start = g.duration("start", null, Duration.ZERO);
            Duration stop = g.duration("stop", null, Duration.ofMillis(1));
            boolean reply = g.bool("reply", false);
            SubscriberGroup.Faults faults = null;
            if (g.hasHidden("faults")) {
                Fields hook = g.hiddenMapping("faults");
                faults = new SubscriberGroup.Faults(hook.integer("dropEvery", Defaults.FAULT_EVERY, 0, Integer.MAX_VALUE),
                        hook.integer("repeatEvery", Defaults.FAULT_EVERY, 0, Integer.MAX_VALUE));
                hook.finish();
            }
            g.finish();
            result.add(new SubscriberGroup(clients, selector == null || selector.isBlank() ? null : selector,
                    selector == null ? filter : null, processing, start, stop, reply, faults));
        }
        return result.isEmpty() ? List.of(SubscriberGroup.of(Defaults.SUBSCRIBER_CLIENTS, null)) : result;
    }

    private static FilterSpec filter(Fields f, int clients) {
        boolean and = f.has("and");
        Integer length = and ? f.integer("and", 1, 1, Defaults.MAX_PROPERTIES) : null;
        AndPosition position = f.choice("position", and ? Defaults.AND_POSITION : null, AndPosition.class,
                AndPosition::yamlName);
        String on = f.string("on", null, MessageReader.FIELD, "a property name such as P1, or correlationId");
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

    static void checkMatchGroup(Fields root, MessageSpec message, List<SubscriberGroup> groups) {
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
}
