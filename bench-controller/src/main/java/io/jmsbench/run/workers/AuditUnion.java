package io.jmsbench.run.workers;

import io.jmsbench.protocol.ClientPlan;
import io.jmsbench.scenario.DestinationSpec.DestinationType;
import io.jmsbench.scenario.PublisherGroup;
import io.jmsbench.scenario.Scenario;
import io.jmsbench.workload.ExpectedReplication;
import io.jmsbench.workload.SizeTable;
import io.jmsbench.workload.TakenSequences;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Subscribers whose receipts are audited together ({@link ClientPlan#receipts}): a queue's competing
 * consumers (one union per queue), or a topic subscriber whose selector takes part of each stream (a
 * union of one); and, by publisher on their destination, the part of its stream they should take
 * between them. {@code name} names them in reports.
 */
public record AuditUnion(String name, String destination, List<String> subscribers,
                         Map<String, TakenSequences> taken) {

    public AuditUnion {
        subscribers = List.copyOf(subscribers);
        taken = Map.copyOf(taken);
    }

    /** The unions of a point's {@code subscribers}, over its {@code publishers}, as {@code scenario} has them. */
    public static List<AuditUnion> of(Scenario scenario, List<ClientPlan> subscribers, List<ClientPlan> publishers) {
        boolean queue = scenario.destination().type() == DestinationType.QUEUE;
        Map<String, List<ClientPlan>> members = new LinkedHashMap<>();
        for (ClientPlan s : subscribers) {
            if (s.receipts()) {
                members.computeIfAbsent(queue ? s.destination() : s.id(), k -> new ArrayList<>()).add(s);
            }
        }
        List<AuditUnion> unions = new ArrayList<>();
        members.forEach((key, plans) -> {
            String destination = plans.get(0).destination();
            List<String> selectors = plans.stream().map(ClientPlan::selector).toList();
            Map<String, TakenSequences> taken = new LinkedHashMap<>();
            for (ClientPlan p : publishers) {
                if (p.destination().equals(destination)) {
                    taken.put(p.id(), taken(scenario, p, selectors));
                }
            }
            unions.add(new AuditUnion(queue ? "the consumers of queue " + destination : key, destination,
                    plans.stream().map(ClientPlan::id).toList(), taken));
        });
        return unions;
    }

    /**
     * The part of {@code publisher}'s stream the {@code selectors} take: its round robin of prepared
     * messages (one per variant, or per size where sizes vary) from the entry its id starts at.
     */
    static TakenSequences taken(Scenario scenario, ClientPlan publisher, List<String> selectors) {
        PublisherGroup group = scenario.publishers().groups().get(publisher.group() == null ? 0 : publisher.group());
        boolean[] variants = ExpectedReplication.takenVariants(scenario, group, selectors);
        boolean all = true;
        for (boolean v : variants) {
            all &= v;
        }
        if (all) {
            return TakenSequences.ALL;
        }
        SizeTable sizes = SizeTable.of(group.message());
        int length = sizes == null ? variants.length : Math.max(variants.length, sizes.sizes().length);
        boolean[] entries = new boolean[length];
        for (int i = 0; i < length; i++) {
            entries[i] = variants[i % variants.length];
        }
        return new TakenSequences(entries, SizeTable.start(publisher.id(), length));
    }
}
