package io.jmsbench.selftest;

import com.fasterxml.jackson.databind.JsonNode;
import io.jmsbench.agent.AgentClient;
import io.jmsbench.agent.ReadyFile;
import io.jmsbench.metrics.Histograms;
import io.jmsbench.protocol.Counters;
import io.jmsbench.protocol.Json;
import io.jmsbench.protocol.LatencyInterval;
import io.jmsbench.protocol.PoolPlan;
import io.jmsbench.protocol.PrepareResult;
import io.jmsbench.run.PoolPlans;
import io.jmsbench.run.RunInternals;
import io.jmsbench.run.jvm.ChildJvm;
import io.jmsbench.run.point.ClientPlans;
import io.jmsbench.scenario.Scenario;
import io.jmsbench.scenario.read.ScenarioLoader;
import io.jmsbench.system.ProcessResources;
import org.HdrHistogram.Histogram;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * How many low-rate publishers one agent JVM holds with {@code publishers.connections}
 * (scripts/bench-many-clients.sh): a broker of {@code KIND} in its own JVM, then for each client
 * count a fresh publisher agent JVM, started as a run starts it, prepared with that many clients at
 * {@code RATE} msgs/s each on {@code PER_CONNECTION} clients per shared connection, sending for
 * {@code SECONDS}. Prints one JSON line per count: time to ready, heap after a full GC, threads,
 * the send-schedule lag (the agent's {@code GET /latency}) and the size of a counters body summed
 * and per client. {@code PER_CONNECTION} 0: the thread, connection and session per client of a
 * scenario without {@code connections}, for comparison (no lag recorded).
 *
 * <pre>
 * ManyClientsCheck KIND PROVIDER WORKDIR SECONDS RATE PER_CONNECTION COUNT...
 * </pre>
 *
 * {@code -Dmany.agentFlags="..."} adds JVM flags to the agent's.
 */
public final class ManyClientsCheck {

    private static final Duration PULL = Duration.ofSeconds(30);
    private static final int DESTINATIONS = 1000;

    public static void main(String[] args) throws Exception {
        String kind = args[0];
        String provider = args[1];
        Path work = Path.of(args[2]);
        int seconds = Integer.parseInt(args[3]);
        double rate = Double.parseDouble(args[4]);
        int perConnection = Integer.parseInt(args[5]);
        Path logs = work.resolve("logs");
        try (ChildJvm broker = ChildJvm.start("broker", RunInternals.BROKER_JVM_FLAGS,
                List.of("broker", "--managed", "--kind", kind, "--listen", "127.0.0.1", "--data-dir",
                        work.resolve("data").toString(), "--ready-file", work.resolve("broker.ready").toString()),
                logs, Map.of())) {
            JsonNode urls = ReadyFile.await(work.resolve("broker.ready"), Duration.ofSeconds(60), broker::isAlive);
            if (urls == null) {
                throw new IllegalStateException("the broker did not start:\n" + broker.logTail(10));
            }
            String url = urls.get(provider).asText();
            for (int i = 6; i < args.length; i++) {
                int clients = Integer.parseInt(args[i]);
                Map<String, Object> out = new LinkedHashMap<>();
                out.put("kind", kind);
                out.put("provider", provider);
                out.put("clients", clients);
                try {
                    one(out, broker, url, work.resolve("agent-" + clients), clients, seconds, rate,
                            perConnection == 0 ? 0 : Math.max(1, clients / perConnection));
                } catch (Exception e) {
                    out.put("error", e.getClass().getSimpleName() + ": " + e.getMessage());
                }
                out.put("brokerThreads", ScaleCheck.threadsOf(urls.get("pid").asLong()));
                out.put("brokerRssBytes", ProcessResources.read(urls.get("pid").asLong()).rssBytes());
                System.out.println(Json.MAPPER.writeValueAsString(out));
            }
        }
    }

    private static void one(Map<String, Object> out, ChildJvm broker, String url, Path work, int clients, int seconds,
                            double rate, int connections) throws Exception {
        String token = UUID.randomUUID().toString();
        List<String> flags = new ArrayList<>(RunInternals.AGENT_JVM_FLAGS);
        String extra = System.getProperty("many.agentFlags", "").strip();
        if (!extra.isEmpty()) {
            flags.addAll(List.of(extra.split("\\s+")));
        }
        out.put("agentJvmFlags", flags);
        out.put("connections", connections);
        try (ChildJvm agentJvm = ChildJvm.start("publisher-agent-" + clients, flags, List.of("agent", "--managed",
                "--role", "publisher", "--ready-file", work.resolve("agent.ready").toString()), work.resolve("logs"),
                Map.of("JMSBENCH_TOKEN", token))) {
            JsonNode ready = ReadyFile.await(work.resolve("agent.ready"), Duration.ofSeconds(60), agentJvm::isAlive);
            if (ready == null) {
                throw new IllegalStateException("the agent did not start:\n" + agentJvm.logTail(10));
            }
            long pid = ready.get("pid").asLong();
            AgentClient agent = new AgentClient("publisher-agent", URI.create(ready.get("url").asText()), token,
                    "many-clients");
            agent.info();
            out.put("idleThreads", agent.counters(PULL).threads());
            out.put("idleHeapAfterGcBytes", ScaleCheck.gc(pid) ? agent.counters(PULL).heapUsedBytes() : -1);

            PoolPlan plan = plan(url, out.get("provider").toString(), clients, rate, connections);
            long brokerCpu = ScaleCheck.cpuNanos(broker.handle());
            long agentCpu = ScaleCheck.cpuNanos(agentJvm.handle());
            long t0 = System.nanoTime();
            PrepareResult prepared = agent.prepare(plan);
            out.put("readySeconds", (System.nanoTime() - t0) / 1e9);
            out.put("agentCpuSecondsDuringPrepare", (ScaleCheck.cpuNanos(agentJvm.handle()) - agentCpu) / 1e9);
            out.put("brokerCpuSecondsDuringPrepare", (ScaleCheck.cpuNanos(broker.handle()) - brokerCpu) / 1e9);
            out.put("ready", prepared.ready());
            out.put("failures", prepared.failures().size());
            if (!prepared.failures().isEmpty()) {
                out.put("firstFailure", prepared.failures().get(0).client() + ": " + prepared.failures().get(0).error());
            }
            out.put("settings", prepared.providerSettings());

            agent.start();
            long start = System.nanoTime();
            long maxSampleBytes = 0;
            Counters last = null;
            // pulled every second, as a run's controller pulls them
            while (System.nanoTime() - start < seconds * 1_000_000_000L) {
                Thread.sleep(1000);
                last = agent.counters(PULL);
                maxSampleBytes = Math.max(maxSampleBytes, Json.MAPPER.writeValueAsBytes(last).length);
            }
            // the lag first: a full GC and a thread dump stop every thread, the scheduler's too
            LatencyInterval lag = agent.latency(PULL);
            out.put("threads", last == null ? -1 : last.threads());
            out.put("heapUsedBytes", last == null ? -1 : last.heapUsedBytes());
            out.put("heapUsedAfterGcBytes", ScaleCheck.gc(pid) ? agent.counters(PULL).heapUsedBytes() : -1);
            out.put("agentRssBytes", ProcessResources.read(pid).rssBytes());
            out.put("threadGroups", ScaleCheck.threadGroups(pid, work.resolve("agent-threads.txt")));
            Counters stopped = agent.stop();
            out.put("sendingSeconds", (System.nanoTime() - start) / 1e9);
            Histogram h = lag == null ? Histograms.empty() : Histograms.decode(lag.histogram());
            out.put("sent", stopped.messages());
            out.put("sendErrors", stopped.errors());
            out.put("lagCount", lag == null ? -1 : h.getTotalCount());
            out.put("lagP50Millis", h.getValueAtPercentile(50) / 1e6);
            out.put("lagP99Millis", h.getValueAtPercentile(99) / 1e6);
            out.put("lagMaxMillis", h.getMaxValue() / 1e6);
            out.put("sampleBytes", maxSampleBytes);
            out.put("finalBytes", Json.MAPPER.writeValueAsBytes(stopped).length);
            long c0 = System.nanoTime();
            agent.close();
            out.put("closeSeconds", (System.nanoTime() - c0) / 1e9);
            agent.shutdown();
        }
    }

    /** The plan a run sends: CLIENTS publishers at RATE msgs/s each on DESTINATIONS topics, sharing CONNECTIONS. */
    private static PoolPlan plan(String url, String provider, int clients, double rate, int connections)
            throws Exception {
        Scenario scenario = ScenarioLoader.parse("""
                name: many-clients
                broker: {url: "%s"}
                provider: %s
                destination: {type: topic, name: bench.many, count: %d}
                message: {type: bytes, size: 256}
                publishers: {clients: %d, rate: %s%s}
                subscribers:
                  - {clients: 1}
                delivery: {persistent: false, ack: auto}
                phases: {warmup: 1s, measure: 1s, drain: 1s}
                """.formatted(url, provider, Math.min(DESTINATIONS, clients), clients, rate * clients,
                        connections == 0 ? "" : ", connections: " + connections),
                "many-clients", "many-clients", List.of());
        return PoolPlans.of(scenario, "many-" + UUID.randomUUID(), url, ClientPlans.publishers(scenario), 0, null);
    }
}
