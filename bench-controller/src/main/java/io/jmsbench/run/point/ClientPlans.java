package io.jmsbench.run.point;

import io.jmsbench.protocol.ClientPlan;
import io.jmsbench.protocol.ReplyPlan;
import io.jmsbench.protocol.SubscriberFaults;
import io.jmsbench.scenario.Defaults;
import io.jmsbench.scenario.DestinationSpec;
import io.jmsbench.scenario.Distribution;
import io.jmsbench.scenario.Filters;
import io.jmsbench.scenario.PublisherSpec;
import io.jmsbench.scenario.ReplyTo;
import io.jmsbench.scenario.Scenario;
import io.jmsbench.scenario.SubscriberGroup;
import io.jmsbench.workload.AuditHeaders;
import io.jmsbench.workload.ExpectedReplication;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;

/** The clients of a point, from its scenario: ids, selectors, destinations and which subscribers audit. */
public final class ClientPlans {

    private ClientPlans() {
    }

    public static List<ClientPlan> publishers(Scenario scenario) {
        List<ClientPlan> plans = new ArrayList<>();
        PublisherSpec publishers = scenario.publishers();
        for (int i = 0; i < publishers.clients(); i++) {
            int group = publishers.groupOf(i);
            ReplyTo replyTo = publishers.groups().get(group).replyTo();
            plans.add(new ClientPlan(AuditHeaders.publisherId(i), null, scenario.destination().nameFor(i), false,
                    List.of(), null, null, group, replyTo == null ? null : ReplyPlan.requester(replyTo.queue())));
        }
        return plans;
    }

    /**
     * A subscriber audits every publisher's stream on its destination when it is expected to get
     * every message of them: its selector matches every message variant (of every publisher group),
     * and on a queue it is the destination's only consumer. One that gets only some groups' messages
     * counts them without an audit.
     *
     * <p>The others, when the messages are stamped, record their receipts ({@link ClientPlan#receipts}):
     * a queue's competing consumers, audited together ({@link ReceiptUnions}), and a topic subscriber
     * whose selector takes part of each stream, audited against that part; but not one of those that
     * joins late or leaves early, whose part of the stream depends on when it did.
     */
    public static List<ClientPlan> subscribers(Scenario scenario) {
        List<ClientPlan> plans = new ArrayList<>();
        Map<String, Integer> perDestination = new HashMap<>();
        for (int i = 0; i < scenario.subscriberClients(); i++) {
            perDestination.merge(scenario.destination().nameFor(i), 1, Integer::sum);
        }
        boolean queue = scenario.destination().type() == DestinationSpec.DestinationType.QUEUE;
        boolean stamped = scenario.publishers().groups().stream().allMatch(p -> p.message().stamped());
        int index = 0;
        for (int g = 0; g < scenario.subscribers().size(); g++) {
            SubscriberGroup group = scenario.subscribers().get(g);
            for (int i = 0; i < group.clients(); i++) {
                String destination = scenario.destination().nameFor(index++);
                String selector = Filters.selector(group, i);
                boolean audit = stamped && ExpectedReplication.matchesEveryVariant(scenario, selector)
                        && (!queue || perDestination.get(destination) == 1);
                boolean receipts = stamped && !audit && (queue || group.start() == null && group.stop() == null);
                plans.add(new ClientPlan("sub-" + g + "-" + i, selector, destination, audit,
                        processingTable(group.processing()), nanosOrNull(group.start()), nanosOrNull(group.stop()),
                        null, group.reply() ? ReplyPlan.RESPONDER : null, receipts, faults(group.faults())));
            }
        }
        return plans;
    }

    /**
     * The processing times a subscriber cycles through, in nanoseconds: none for no processing, one
     * entry for a fixed time, else a seeded table drawn from the distribution as message sizes are.
     */
    static List<Long> processingTable(Distribution processing) {
        if (processing.max() == 0) {
            return List.of();
        }
        if (processing.min() == processing.max()) {
            return List.of(processing.min());
        }
        return LongStream.of(processing.table(Defaults.PROCESSING_TABLE_LENGTH, Defaults.SIZE_SEED)).boxed().toList();
    }

    private static SubscriberFaults faults(SubscriberGroup.Faults faults) {
        return faults == null ? null : new SubscriberFaults(faults.dropEvery(), faults.repeatEvery());
    }

    private static Long nanosOrNull(Duration d) {
        return d == null ? null : d.toNanos();
    }
}
