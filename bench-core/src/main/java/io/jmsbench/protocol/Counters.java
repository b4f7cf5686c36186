package io.jmsbench.protocol;

import java.util.List;

/**
 * {@code GET /counters}: every client's cumulative counts, read at {@code monotonicNanos} of the
 * agent's clock ({@code System.nanoTime}), with the agent JVM's CPU time so far, heap in use and
 * live threads, and its host's resources so far. Cumulative values
 * make a missed pull harmless: rates come from differences between two snapshots.
 */
public record Counters(long monotonicNanos, long epochMillis, long processCpuNanos, long heapUsedBytes, int threads,
                       List<ClientCount> clients, HostSample host) {

    public Counters {
        clients = List.copyOf(clients);
    }

    public long messages() {
        long total = 0;
        for (ClientCount c : clients) {
            total += c.messages();
        }
        return total;
    }

    public long errors() {
        long total = 0;
        for (ClientCount c : clients) {
            total += c.errors();
        }
        return total;
    }
}
