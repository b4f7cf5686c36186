package io.jmsbench.metrics;

import io.jmsbench.protocol.ClientAudit.SeqRange;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Which messages of one publisher's stream one subscriber lost, and which it saw twice: the first
 * of each, by sequence number, so that a user can look for them in the broker's logs and store.
 */
public record AuditExample(String subscriber, String publisher, List<SeqRange> lost, List<Long> duplicates) {

    public AuditExample {
        lost = List.copyOf(lost);
        duplicates = List.copyOf(duplicates);
    }

    /** E.g. {@code publisher-0 to subscriber-1 #310-312, #980}. */
    public String lostText() {
        return publisher + " to " + subscriber + " " + lost.stream().map(SeqRange::toString)
                .collect(Collectors.joining(", "));
    }

    /** E.g. {@code publisher-0 to subscriber-1 #2841, #5680}. */
    public String duplicatesText() {
        return publisher + " to " + subscriber + " " + duplicates.stream().map(d -> "#" + d)
                .collect(Collectors.joining(", "));
    }
}
