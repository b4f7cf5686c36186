package io.jmsbench.protocol;

import java.util.List;

/**
 * {@code GET /audit}: what one subscriber saw: per publisher stream (when it audits streams), and
 * the messages of no publisher of this run ({@code unexpected}) and redelivered ones in any case.
 */
public record ClientAudit(String client, boolean audited, long unexpected, long redelivered, List<StreamState> streams) {

    public ClientAudit {
        streams = List.copyOf(streams);
    }

    /**
     * One stream as seen by one subscriber. {@code missing} counts the gaps below {@code highest}
     * still open; messages after {@code highest} that never came are known only to whoever knows
     * how many were sent ({@link #lost(long)}).
     */
    public record StreamState(String publisher, long received, long highest, long missing, long duplicates,
                              long outOfOrder, long redelivered, boolean overflow) {

        /** Messages of the {@code sent} the publisher sent that never arrived here. */
        public long lost(long sent) {
            return Math.max(0, sent - (received - duplicates));
        }
    }
}
