package io.jmsbench.run.workers;

import io.jmsbench.metrics.AuditCounts;
import io.jmsbench.metrics.AuditExample;
import io.jmsbench.metrics.GroupStickiness;
import io.jmsbench.protocol.ClientAudit;
import io.jmsbench.protocol.ClientAudit.SeqRange;
import io.jmsbench.protocol.ClientAudit.StreamState;
import io.jmsbench.protocol.ClientCount;
import io.jmsbench.protocol.ClientPlan;
import io.jmsbench.protocol.Counters;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Joins what the subscribers saw with what the publishers sent. For every audited subscriber and
 * every publisher on its destination, the messages sent that never arrived are lost (a publisher
 * never heard from loses all it sent); duplicates, out-of-order and redelivered messages are summed.
 * The first streams that lost a message or saw one twice are named with the sequence numbers.
 * With message groups, which consumers each group went to. The subscribers audited together (a
 * queue's competing consumers, a selector's part of a stream) are joined by {@link UnionMerge}; the
 * rest, neither, are named as not audited.
 */
public final class AuditMerge {

    private AuditMerge() {
    }

    /** Without subscribers audited together. */
    public static AuditCounts of(List<ClientPlan> subscribers, List<ClientPlan> publishers, Counters published,
                          List<ClientAudit> audits) {
        return of(subscribers, publishers, published, audits, List.of());
    }

    public static AuditCounts of(List<ClientPlan> subscribers, List<ClientPlan> publishers, Counters published,
                                 List<ClientAudit> audits, List<AuditUnion> unions) {
        if (published == null) {
            return AuditCounts.NONE;
        }
        Map<String, Long> sent = new HashMap<>();
        for (ClientCount c : published.clients()) {
            sent.put(c.client(), c.messages());
        }
        Map<String, String> destinationOf = new HashMap<>();
        subscribers.forEach(p -> destinationOf.put(p.id(), p.destination()));
        long lost = 0;
        long duplicates = 0;
        long outOfOrder = 0;
        long redelivered = 0;
        long unexpected = 0;
        long resent = 0;
        int audited = 0;
        boolean overflow = false;
        List<AuditExample> examples = new ArrayList<>();
        Map<String, List<Long>> groups = new TreeMap<>();
        for (ClientAudit audit : audits) {
            if (!audit.groups().isEmpty()) {
                groups.put(audit.client(), audit.groups());
            }
            unexpected += audit.unexpected();
            redelivered += audit.redelivered();
            Map<String, StreamState> streams = new HashMap<>();
            for (StreamState s : audit.streams()) {
                streams.put(s.publisher(), s);
                duplicates += s.duplicates();
                resent += s.resent();
                outOfOrder += s.outOfOrder();
                overflow |= s.overflow();
            }
            if (!audit.audited()) {
                continue;
            }
            audited++;
            for (ClientPlan publisher : publishers) {
                if (!publisher.destination().equals(destinationOf.get(audit.client()))) {
                    continue;
                }
                long count = sent.getOrDefault(publisher.id(), 0L);
                StreamState state = streams.get(publisher.id());
                long streamLost = state == null ? count : state.lost(count);
                lost += streamLost;
                if (examples.size() < AuditCounts.EXAMPLE_STREAMS && (streamLost > 0
                        || state != null && !state.duplicateSeqs().isEmpty())) {
                    examples.add(new AuditExample(audit.client(), publisher.id(), lostRanges(state, count),
                            state == null ? List.of() : state.duplicateSeqs()));
                }
            }
        }
        UnionMerge.Totals union = UnionMerge.of(unions, sent, audits, AuditCounts.EXAMPLE_STREAMS - examples.size());
        examples.addAll(union.examples());
        List<String> notAudited = new ArrayList<>(union.notAudited());
        var members = UnionMerge.members(unions);
        subscribers.stream().filter(p -> !p.audit() && !members.contains(p.id())).forEach(p -> notAudited.add(p.id()));
        return new AuditCounts(lost + union.lost(), duplicates + union.duplicates(),
                outOfOrder + union.groupDisorder(), redelivered, unexpected, audited + union.audited(),
                subscribers.size(), overflow, resent + union.resent(), examples, GroupStickiness.of(groups), notAudited);
    }

    /**
     * The gaps the subscriber still had, then those sent after the last it saw; the first
     * {@link StreamState#EXAMPLES} of them.
     */
    private static List<SeqRange> lostRanges(StreamState state, long sent) {
        List<SeqRange> ranges = new ArrayList<>(state == null ? List.of() : state.gaps());
        long highest = state == null ? -1 : state.highest();
        if (highest + 1 < sent) {
            ranges.add(new SeqRange(highest + 1, sent - 1));
        }
        return ranges.subList(0, Math.min(ranges.size(), StreamState.EXAMPLES));
    }
}
