package io.jmsbench.run.workers;

import io.jmsbench.broker.EmbeddedBroker;
import io.jmsbench.metrics.Histograms;
import io.jmsbench.protocol.ClientCount;
import io.jmsbench.protocol.Counters;
import io.jmsbench.protocol.LatencyInterval;
import io.jmsbench.protocol.PoolPlan;
import io.jmsbench.protocol.PrepareResult;
import io.jmsbench.publisher.PublisherAgentPool;
import io.jmsbench.report.DrainEnd;
import io.jmsbench.run.PoolPlans;
import io.jmsbench.run.point.ClientPlans;
import io.jmsbench.run.point.DriverBuilder;
import io.jmsbench.run.point.PointDriver;
import io.jmsbench.run.point.PointObservation;
import io.jmsbench.scenario.Scenario;
import io.jmsbench.scenario.read.ScenarioLoader;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Publishers sharing connections ({@code publishers.connections}) on a real broker over TCP, in
 * this JVM: a few threads send for hundreds of clients, the per-second counts are one sum, the
 * final counts one per client, and the audit finds every message.
 */
@Timeout(120)
class SharedConnectionsPointTest {

    private static final int CLIENTS = 200;

    @TempDir
    Path data;

    private static Scenario scenario(String connections) throws Exception {
        return ScenarioLoader.parse("""
                name: shared
                destination: {type: topic, name: bench.shared, count: 10}
                message: {type: bytes, size: 128}
                publishers: {clients: %d, rate: 400%s}
                subscribers:
                  - {clients: 10}
                phases: {warmup: 1s, measure: 3s, drain: 15s}
                """.formatted(CLIENTS, connections), "shared.yaml", "shared", List.of());
    }

    @Test
    void aPointAuditsEveryClientWhileItsSamplesCarryOneSum() throws Exception {
        Scenario scenario = scenario(", connections: 4");
        try (EmbeddedBroker broker = new EmbeddedBroker("127.0.0.1", data, false, scenario.broker().tuning())) {
            String url = broker.openwireUrl();
            InProcessWorkers workers = new InProcessWorkers(url);
            PointObservation o;
            try {
                PointDriver driver = DriverBuilder.driver(scenario, workers).plans((clients, offset) -> PoolPlans.of(scenario,
                        "test", url, clients, offset, null)).build();
                o = driver.run(System.nanoTime(), null);
            } finally {
                workers.close(new ArrayList<>());
            }

            assertTrue(o.ending().completed(), o.ending().toString());
            assertEquals(DrainEnd.COMPLETE, o.drainFigures().outcome(), o.drainFigures().toString());
            assertEquals(10, o.audit().auditedSubscribers());
            assertEquals(0, o.audit().lost());
            assertEquals(0, o.audit().duplicates());
            assertEquals(o.publishersFinal().messages(), o.subscribersFinal().messages(), "one subscriber per topic");

            List<ClientCount> sampled = o.windowEnd().publishers().clients();
            assertEquals(1, sampled.size(), "one sum for the one group: " + sampled);
            assertEquals(CLIENTS, sampled.get(0).clientCount());
            List<ClientCount> finals = o.publishersFinal().clients();
            assertEquals(CLIENTS, finals.size(), "the final counts are per client, for the audit");
            assertTrue(finals.stream().allMatch(c -> c.messages() > 0), "every client sent: " + finals);
            assertEquals("4 for 200 clients", o.environment().providerSettings().get("sharedConnections"));
        }
    }

    @Test
    void aFewThreadsSendForEveryClientAndEachSendsLagIsRecorded() throws Exception {
        Scenario scenario = scenario(", connections: 4");
        try (EmbeddedBroker broker = new EmbeddedBroker("127.0.0.1", data, false, scenario.broker().tuning())) {
            String url = broker.openwireUrl();
            PoolPlan plan = PoolPlans.of(scenario, "test", url, ClientPlans.publishers(scenario), 0, null);
            PublisherAgentPool pool = new PublisherAgentPool();
            int threadsBefore = ManagementFactory.getThreadMXBean().getThreadCount();
            try {
                PrepareResult prepared = pool.prepare(plan, Duration.ofSeconds(60));
                assertEquals(CLIENTS, prepared.ready(), prepared.failures().toString());
                pool.start();
                Thread.sleep(2_000);
                // a connection and a thread per client would be 200 client threads and 200 of the broker's
                int added = ManagementFactory.getThreadMXBean().getThreadCount() - threadsBefore;
                assertTrue(added < 60, added + " threads for " + CLIENTS + " clients on 4 connections");
                Counters stopped = pool.stop(Duration.ofSeconds(10));
                LatencyInterval lag = pool.latency();
                Histogram h = Histograms.decode(lag.histogram());
                assertEquals(stopped.messages(), h.getTotalCount(), "one lag per send");
                assertTrue(stopped.messages() >= CLIENTS, stopped.messages() + " sent in 2 s at 400 msgs/s");
            } finally {
                pool.close(Duration.ofSeconds(10));
            }
        }
    }
}
