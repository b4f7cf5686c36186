package io.jmsbench.protocol;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/**
 * {@code GET /audit}: what one subscriber saw: per publisher stream (when it audits streams), and
 * the messages of no publisher of this run ({@code unexpected}) and redelivered ones in any case;
 * with message groups, how many messages of each group it received, by group index (empty without
 * groups; left out of the JSON then).
 */
public record ClientAudit(String client, boolean audited, long unexpected, long redelivered, List<StreamState> streams,
                          @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Long> groups) {

    public ClientAudit {
        streams = List.copyOf(streams);
        groups = groups == null ? List.of() : List.copyOf(groups);
    }

    /** Without message groups. */
    public ClientAudit(String client, boolean audited, long unexpected, long redelivered, List<StreamState> streams) {
        this(client, audited, unexpected, redelivered, streams, List.of());
    }

    /**
     * One stream as seen by one subscriber. {@code missing} counts the gaps below {@code highest}
     * still open; messages after {@code highest} that never came are known only to whoever knows
     * how many were sent ({@link #lost(long)}). {@code copies}: every second copy of a message
     * seen before, of which {@code duplicates} are those nothing explains, and {@code resent} those
     * of a send that failed and was made again (in doubt: the failed one reached the broker after
     * all); the rest the broker flagged redelivered. {@code duplicateSeqs} and {@code gaps} name the
     * first {@value #EXAMPLES} of each, so that a report can say which messages.
     *
     * <p>{@code receipts}: which sequence numbers arrived, for a subscriber whose receipts are audited
     * together with others' (competing consumers of a queue) or against the part of the stream its
     * selector takes; its gaps are then not kept ({@code missing} 0, {@code gaps} empty). {@code null}
     * otherwise, and left out of the JSON, so that a controller reads an agent of an earlier version.
     */
    public record StreamState(String publisher, long received, long highest, long missing, long duplicates,
                              long outOfOrder, long redelivered, boolean overflow, long copies, long resent,
                              List<Long> duplicateSeqs, List<SeqRange> gaps,
                              @JsonInclude(JsonInclude.Include.NON_NULL) Receipts receipts) {

        /** How many sequence numbers of duplicates, and of gaps, a stream names at most. */
        public static final int EXAMPLES = 10;

        public StreamState {
            duplicateSeqs = duplicateSeqs == null ? List.of() : List.copyOf(duplicateSeqs);
            gaps = gaps == null ? List.of() : List.copyOf(gaps);
        }

        /** A stream audited on its own: its gaps kept, no receipts. */
        public StreamState(String publisher, long received, long highest, long missing, long duplicates,
                           long outOfOrder, long redelivered, boolean overflow, long copies, long resent,
                           List<Long> duplicateSeqs, List<SeqRange> gaps) {
            this(publisher, received, highest, missing, duplicates, outOfOrder, redelivered, overflow, copies, resent,
                    duplicateSeqs, gaps, null);
        }

        /** This state under the name {@code publisher}. */
        public StreamState named(String publisher) {
            return new StreamState(publisher, received, highest, missing, duplicates, outOfOrder, redelivered, overflow,
                    copies, resent, duplicateSeqs, gaps, receipts);
        }

        /** A stream whose only second copies are duplicates (no redelivery, no send made again). */
        public StreamState(String publisher, long received, long highest, long missing, long duplicates,
                           long outOfOrder, long redelivered, boolean overflow) {
            this(publisher, received, highest, missing, duplicates, outOfOrder, redelivered, overflow, duplicates, 0,
                    List.of(), List.of());
        }

        /** Messages of the {@code sent} the publisher sent that never arrived here. */
        public long lost(long sent) {
            return Math.max(0, sent - (received - copies));
        }
    }

    /**
     * The sequence numbers of one stream that reached one subscriber, as RoaringBitmaps in their portable
     * serialization (base64 in the JSON): {@code seen} every one that arrived, {@code flagged} those whose
     * first copy here the broker flagged redelivered, {@code resends} those whose first copy here was a send
     * made again after one that failed (in doubt). With message groups, {@code groupFirst} and
     * {@code groupLast} are, by group index, the first and the last sequence number of the group that
     * arrived here not redelivered (-1: none), so that a group's order across consumers can be checked.
     */
    public record Receipts(byte[] seen, byte[] flagged, byte[] resends,
                           @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Long> groupFirst,
                           @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Long> groupLast) {

        public Receipts {
            groupFirst = groupFirst == null ? List.of() : List.copyOf(groupFirst);
            groupLast = groupLast == null ? List.of() : List.copyOf(groupLast);
        }
    }

    /** Sequence numbers {@code first} to {@code last}, inclusive. */
    public record SeqRange(long first, long last) {

        public long size() {
            return last - first + 1;
        }

        @Override
        public String toString() {
            return first == last ? "#" + first : "#" + first + "-" + last;
        }
    }
}
