package io.jmsbench.run.workers;

import io.jmsbench.metrics.AuditExample;
import io.jmsbench.metrics.ReceiptUnion;
import io.jmsbench.metrics.ReceiptUnion.Outcome;
import io.jmsbench.metrics.ReceiptUnion.Share;
import io.jmsbench.protocol.ClientAudit;
import io.jmsbench.protocol.ClientAudit.StreamState;
import io.jmsbench.workload.TakenSequences;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Each {@link AuditUnion}'s members' receipts of each publisher's stream joined ({@link ReceiptUnion}),
 * whichever agents they ran in. A union is audited only when every member sent its receipts (an agent
 * of an earlier version sends none): its members are then {@code audited}, else named in
 * {@code notAudited}.
 */
final class UnionMerge {

    private UnionMerge() {
    }

    /** The unions' findings, summed; {@code examples} holds the first streams that lost or doubled a message. */
    record Totals(long lost, long duplicates, long resent, long groupDisorder, int audited, List<String> notAudited,
                  List<AuditExample> examples) {
    }

    static Totals of(List<AuditUnion> unions, Map<String, Long> sent, List<ClientAudit> audits, int exampleRoom) {
        Map<String, ClientAudit> byClient = new HashMap<>();
        audits.forEach(a -> byClient.put(a.client(), a));
        long lost = 0;
        long duplicates = 0;
        long resent = 0;
        long disorder = 0;
        int audited = 0;
        List<String> notAudited = new ArrayList<>();
        List<AuditExample> examples = new ArrayList<>();
        for (AuditUnion union : unions) {
            Map<String, List<Share>> shares = shares(union, byClient);
            if (shares == null) {
                notAudited.addAll(union.subscribers());
                continue;
            }
            audited += union.subscribers().size();
            for (Map.Entry<String, TakenSequences> stream : union.taken().entrySet()) {
                String publisher = stream.getKey();
                Outcome o = ReceiptUnion.of(shares.getOrDefault(publisher, List.of()),
                        stream.getValue().of(sent.getOrDefault(publisher, 0L)));
                lost += o.lost();
                duplicates += o.duplicates();
                resent += o.resent();
                disorder += o.groupDisorder();
                if (examples.size() < exampleRoom && (o.lost() > 0 || o.duplicates() > 0)) {
                    examples.add(new AuditExample(union.name(), publisher, o.lostRanges(), o.duplicateSeqs()));
                }
            }
        }
        return new Totals(lost, duplicates, resent, disorder, audited, notAudited, examples);
    }

    /** The members' receipts by publisher; {@code null} when a member's audit is missing or carries none. */
    private static Map<String, List<Share>> shares(AuditUnion union, Map<String, ClientAudit> byClient) {
        Map<String, List<Share>> shares = new HashMap<>();
        for (String member : union.subscribers()) {
            ClientAudit audit = byClient.get(member);
            if (audit == null) {
                return null;
            }
            for (StreamState s : audit.streams()) {
                if (s.receipts() == null) {
                    return null;
                }
                shares.computeIfAbsent(s.publisher(), p -> new ArrayList<>()).add(new Share(member, s));
            }
        }
        return shares;
    }

    /** The subscribers in some union. */
    static Set<String> members(List<AuditUnion> unions) {
        return Set.copyOf(unions.stream().flatMap(u -> u.subscribers().stream()).toList());
    }
}
