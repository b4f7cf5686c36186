package io.jmsbench.run.point;

import io.jmsbench.protocol.Counters;
import io.jmsbench.protocol.HostSample;
import io.jmsbench.protocol.LatencyInterval;
import io.jmsbench.run.stop.RunFailure;
import io.jmsbench.run.workers.Workers;

import java.util.Map;

/** Takes a point's readings: the clients' counters and latencies, their hosts, and this machine's gauges. */
final class Readings {

    private final Workers workers;
    private final Gauges gauges;
    private final PointClock clock;

    Readings(Workers workers, Gauges gauges, PointClock clock) {
        this.workers = workers;
        this.gauges = gauges;
        this.clock = clock;
    }

    /** Every figure now; the broker's death, as the gauges tell it, first. */
    Snapshot now() throws BrokerDown, RunFailure {
        failIfBrokerDown();
        Counters publishers = workers.publisherCounters();
        Counters subscribers = workers.subscriberCounters();
        return completed(publishers, subscribers);
    }

    /**
     * Completes a reading with the latencies and hosts (calls to the agents), then this machine's
     * clock and gauges together: the broker's and the controller's CPU time are divided by this
     * clock, so nothing slow may come between the two.
     */
    Snapshot completed(Counters publishers, Counters subscribers) {
        LatencyInterval latency = workers.latency();
        Map<String, HostSample> hosts = workers.hosts();
        long now = clock.nanoTime();
        return new Snapshot(now, publishers, subscribers, latency, gauges.read(), hosts);
    }

    void failIfBrokerDown() throws BrokerDown {
        String down = gauges.brokerDown();
        if (down != null) {
            throw new BrokerDown(down);
        }
    }
}
