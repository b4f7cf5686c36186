package io.jmsbench.system;

import io.jmsbench.protocol.BrokerProcessMissing;
import io.jmsbench.protocol.BrokerProcessSample;

import java.util.function.IntFunction;

/**
 * The broker's process on this host, found by the port it listens on ({@link ListeningProcess#onPort})
 * and read at each call: what a monitor agent adds to its host's readings. A process that ends is
 * looked for again, so a restarted broker (a new pid) is found; its CPU time then adds to that of
 * the processes before it, so that the figure stays cumulative as the controller's differences
 * need. While none is found it looks again at most once a second: a look reads every process's
 * file descriptors.
 */
public final class BrokerProcessWatch {

    private static final long RETRY_NANOS = 1_000_000_000L;

    private final int port;
    private final IntFunction<ListeningProcess.Lookup> lookup;
    private ListeningProcess process;
    private BrokerProcessMissing missing;
    /** CPU time of the processes that served the port before this one. */
    private long before;
    /** The last CPU time read of the current process. */
    private long last;
    private long lookedAt;

    public BrokerProcessWatch(int port) {
        this(port, ListeningProcess::onPort);
    }

    BrokerProcessWatch(int port, IntFunction<ListeningProcess.Lookup> lookup) {
        this.port = port;
        this.lookup = lookup;
        look(System.nanoTime());
    }

    public int port() {
        return port;
    }

    public synchronized BrokerProcessSample read() {
        long now = System.nanoTime();
        long cpu = process == null ? -1 : process.cpuNanos();
        if (process != null && cpu < 0) {
            before += last; // it ended: its time counts, the next process's adds to it
            last = 0;
            process = null;
            look(now);
        } else if (process == null && now - lookedAt >= RETRY_NANOS) {
            look(now);
        }
        if (process == null) {
            return BrokerProcessSample.missing(port, missing);
        }
        cpu = cpu < 0 ? process.cpuNanos() : cpu;
        if (cpu < 0) {
            return BrokerProcessSample.missing(port, BrokerProcessMissing.NOT_LISTENING);
        }
        last = cpu;
        return new BrokerProcessSample(port, process.pid(), process.command(), before + cpu,
                process.resources().rssBytes(), null);
    }

    private void look(long now) {
        lookedAt = now;
        ListeningProcess.Lookup found = lookup.apply(port);
        process = found.process();
        missing = found.missing();
    }
}
