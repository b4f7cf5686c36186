package io.jmsbench.protocol;

import io.jmsbench.metrics.StreamAudit.StreamState;

import java.util.List;

/**
 * {@code GET /audit}: what one subscriber saw: per publisher stream (when it audits streams), and
 * the messages of no publisher of this run ({@code unexpected}) and redelivered ones in any case.
 */
public record ClientAudit(String client, boolean audited, long unexpected, long redelivered, List<StreamState> streams) {

    public ClientAudit {
        streams = List.copyOf(streams);
    }
}
