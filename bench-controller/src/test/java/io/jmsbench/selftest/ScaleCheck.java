package io.jmsbench.selftest;

import com.fasterxml.jackson.databind.JsonNode;
import io.jmsbench.agent.AgentClient;
import io.jmsbench.agent.ReadyFile;
import io.jmsbench.jms.ConnectionFactories;
import io.jmsbench.metrics.Histograms;
import io.jmsbench.protocol.ClientCount;
import io.jmsbench.protocol.ClientPlan;
import io.jmsbench.protocol.Counters;
import io.jmsbench.protocol.Json;
import io.jmsbench.protocol.LatencyInterval;
import io.jmsbench.protocol.PoolPlan;
import io.jmsbench.protocol.PrepareResult;
import io.jmsbench.protocol.Provider;
import io.jmsbench.report.PointResult;
import io.jmsbench.run.jvm.ChildJvm;
import io.jmsbench.run.PoolPlans;
import io.jmsbench.run.RunInternals;
import io.jmsbench.scenario.Scenario;
import io.jmsbench.scenario.read.ScenarioLoader;
import io.jmsbench.system.ProcessResources;
import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.Message;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import org.HdrHistogram.Histogram;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;

/**
 * Can the harness hold the scale it promises without becoming the bottleneck
 * (scripts/bench-scale.sh)? Two checks, each printing one JSON line:
 *
 * <pre>
 * ScaleCheck agent CLIENTS WORKDIR    a real broker and subscriber agent JVM, started as a run starts them;
 *                                     CLIENTS subscribers, each its own connection, session and consumer
 *                                     with selector P1 = '#i'; time to ready, heap and threads
 * ScaleCheck merge CLIENTS SECONDS    the controller's per-second merge of two agents of CLIENTS clients
 *                                     each over SECONDS one-second readings, and the JSON decoding of one
 *                                     CLIENTS-client counters body
 * </pre>
 *
 * {@code -Dscale.agentFlags="..."} adds JVM flags to the agent's, e.g. a flight recording to profile it.
 */
public final class ScaleCheck {

    private static final Duration PULL = Duration.ofSeconds(10);

    public static void main(String[] args) throws Exception {
        Map<String, Object> out = switch (args[0]) {
            case "agent" -> agent(Integer.parseInt(args[1]), Path.of(args[2]));
            case "merge" -> merge(Integer.parseInt(args[1]), Integer.parseInt(args[2]));
            default -> throw new IllegalArgumentException("expected agent or merge, found " + args[0]);
        };
        System.out.println(Json.MAPPER.writeValueAsString(out));
    }

    // ---- (a) one subscriber agent holding CLIENTS clients with selectors ----

    private static Map<String, Object> agent(int clients, Path work) throws Exception {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("clients", clients);
        Path logs = work.resolve("logs");
        String token = UUID.randomUUID().toString();
        try (ChildJvm broker = ChildJvm.start("broker", RunInternals.BROKER_JVM_FLAGS,
                List.of("broker", "--managed", "--listen", "127.0.0.1", "--data-dir", work.resolve("data").toString(),
                        "--ready-file", work.resolve("broker.ready").toString()), logs, Map.of())) {
            JsonNode urls = ReadyFile.await(work.resolve("broker.ready"), Duration.ofSeconds(60), broker::isAlive);
            if (urls == null) {
                throw new IllegalStateException("the broker did not start:\n" + broker.logTail(10));
            }
            String url = urls.get("openwire").asText();
            long bootStart = System.nanoTime();
            List<String> agentFlags = new ArrayList<>(RunInternals.AGENT_JVM_FLAGS);
            String extra = System.getProperty("scale.agentFlags", "").strip(); // e.g. a flight recording, to profile
            if (!extra.isEmpty()) {
                agentFlags.addAll(List.of(extra.split("\\s+")));
            }
            try (ChildJvm agentJvm = ChildJvm.start("subscriber-agent", agentFlags,
                    List.of("agent", "--managed", "--role", "subscriber", "--ready-file",
                            work.resolve("agent.ready").toString()), logs, Map.of("JMSBENCH_TOKEN", token))) {
                JsonNode ready = ReadyFile.await(work.resolve("agent.ready"), Duration.ofSeconds(60), agentJvm::isAlive);
                if (ready == null) {
                    throw new IllegalStateException("the agent did not start:\n" + agentJvm.logTail(10));
                }
                out.put("agentJvmFlags", agentFlags);
                out.put("agentBootSeconds", (System.nanoTime() - bootStart) / 1e9);
                AgentClient agent = new AgentClient("subscriber-agent", java.net.URI.create(ready.get("url").asText()),
                        token, "scale-check");
                agent.info();
                Counters idle = agent.counters(PULL);
                out.put("idleThreads", idle.threads());

                PoolPlan plan = subscriberPlan(url, clients);
                long agentCpu = cpuNanos(agentJvm.handle());
                long brokerCpu = cpuNanos(broker.handle());
                long t0 = System.nanoTime();
                PrepareResult result = agent.prepare(plan);
                long wall = System.nanoTime() - t0;
                out.put("readySeconds", wall / 1e9);
                // CPU spent connecting: on shared cores the wall time stretches, this does not much
                out.put("agentCpuSecondsDuringPrepare", (cpuNanos(agentJvm.handle()) - agentCpu) / 1e9);
                out.put("brokerCpuSecondsDuringPrepare", (cpuNanos(broker.handle()) - brokerCpu) / 1e9);
                out.put("ready", result.ready());
                out.put("failures", result.failures().size());
                if (!result.failures().isEmpty()) {
                    out.put("firstFailure", result.failures().get(0).client() + ": " + result.failures().get(0).error());
                }

                Counters loaded = agent.counters(PULL);
                out.put("heapUsedBytes", loaded.heapUsedBytes());
                out.put("threads", loaded.threads());
                out.put("heapUsedAfterGcBytes", gc(ready.get("pid").asLong()) ? agent.counters(PULL).heapUsedBytes() : -1);
                out.put("agentRssBytes", ProcessResources.read(ready.get("pid").asLong()).rssBytes());
                out.put("brokerRssBytes", ProcessResources.read(urls.get("pid").asLong()).rssBytes());
                out.put("brokerThreads", threadsOf(urls.get("pid").asLong()));
                out.put("deliveryCheck", deliveryCheck(agent, url, clients));
                Counters delivered = agent.counters(PULL); // sessions start their delivery threads on a first message
                out.put("threadsAfterDelivery", delivered.threads());
                out.put("heapUsedAfterDeliveryBytes", delivered.heapUsedBytes());
                out.put("threadGroups", threadGroups(ready.get("pid").asLong(), work.resolve("agent-threads.txt")));

                long c0 = System.nanoTime();
                agent.close();
                out.put("closeSeconds", (System.nanoTime() - c0) / 1e9);
                agent.shutdown();
            }
        }
        return out;
    }

    /** The PoolPlan PointRun.prepare sends, for one group of CLIENTS subscribers with one selector each. */
    private static PoolPlan subscriberPlan(String url, int clients) throws Exception {
        Scenario scenario = ScenarioLoader.parse("""
                name: scale
                broker: {url: "%s"}
                provider: openwire
                destination: {type: topic, name: bench.scale}
                message: {type: bytes, size: 1024}
                publishers: {clients: 1, rate: max}
                subscribers:
                  - {clients: %d, filter: {on: P1, equals: "#{i}"}}
                delivery: {persistent: false, ack: auto}
                phases: {warmup: 1s, measure: 1s, drain: 1s}
                """.formatted(url, clients), "scale", "scale", List.of());
        List<ClientPlan> plans = new ArrayList<>();
        for (int i = 0; i < clients; i++) {
            // a selector no message variant matches for all: the controller would not audit this client
            plans.add(new ClientPlan("sub-0-" + i, "P1 = '#" + i + "'", scenario.destination().nameFor(i), false));
        }
        return PoolPlans.of(scenario, "scale-" + UUID.randomUUID(), url, plans, 0, null);
    }

    /**
     * Proves every client consumes: one message per selector value, and each client must count
     * exactly one. Returns what was seen and how long it took.
     */
    private static Map<String, Object> deliveryCheck(AgentClient agent, String url, int clients) throws Exception {
        long t0 = System.nanoTime();
        Connection connection = ConnectionFactories.create(Provider.OPENWIRE, url).createConnection();
        try {
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageProducer producer = session.createProducer(session.createTopic("bench.scale"));
            producer.setDeliveryMode(DeliveryMode.NON_PERSISTENT);
            for (int i = 0; i < clients; i++) {
                Message m = session.createBytesMessage();
                m.setStringProperty("P1", "#" + i);
                producer.send(m);
            }
        } finally {
            connection.close();
        }
        Counters counters;
        long deadline = System.nanoTime() + 30_000_000_000L;
        do {
            Thread.sleep(100);
            counters = agent.counters(PULL);
        } while (counters.messages() < clients && System.nanoTime() < deadline);
        long exactlyOne = counters.clients().stream().filter(c -> c.messages() == 1).count();
        Map<String, Object> check = new LinkedHashMap<>();
        check.put("clientsWithExactlyOne", exactlyOne);
        check.put("received", counters.messages());
        check.put("seconds", (System.nanoTime() - t0) / 1e9);
        return check;
    }

    /** A full GC in the agent JVM through jcmd, so the heap figure is live data, not garbage not yet collected. */
    static boolean gc(long pid) throws Exception {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        if (!Files.isExecutable(jcmd)) {
            return false;
        }
        Process p = new ProcessBuilder(jcmd.toString(), Long.toString(pid), "GC.run").redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        return p.waitFor() == 0;
    }

    /**
     * The agent's threads by name with numbers and addresses taken out, largest groups first
     * (the full dump stays in {@code file}): says what a thread count is made of.
     */
    static Map<String, Long> threadGroups(long pid, Path file) throws Exception {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        Map<String, Long> groups = new LinkedHashMap<>();
        if (!Files.isExecutable(jcmd)) {
            return groups;
        }
        Process p = new ProcessBuilder(jcmd.toString(), Long.toString(pid), "Thread.print").redirectErrorStream(true)
                .redirectOutput(file.toFile()).start();
        if (p.waitFor() != 0) {
            return groups;
        }
        Map<String, Long> counts = new java.util.HashMap<>();
        for (String line : Files.readAllLines(file)) {
            if (line.startsWith("\"")) {
                String name = line.substring(1, line.indexOf('"', 1)).replaceAll("tcp://\\S+", "tcp://*")
                        .replaceAll("\\d+", "N");
                counts.merge(name, 1L, Long::sum);
            }
        }
        counts.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()).limit(4)
                .forEach(e -> groups.put(e.getKey(), e.getValue()));
        return groups;
    }

    static long cpuNanos(ProcessHandle process) {
        return process.info().totalCpuDuration().map(Duration::toNanos).orElse(-1L);
    }

    static long threadsOf(long pid) {
        try (var lines = Files.lines(Path.of("/proc", Long.toString(pid), "status"))) {
            return lines.filter(l -> l.startsWith("Threads:")).mapToLong(l -> Long.parseLong(l.substring(8).trim()))
                    .findFirst().orElse(-1);
        } catch (Exception e) {
            return -1;
        }
    }

    // ---- (b) the controller merging CLIENTS client streams per agent over SECONDS readings ----

    private static Map<String, Object> merge(int clients, int seconds) throws Exception {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("clientsPerAgent", clients);
        out.put("seconds", seconds);
        Scenario scenario = ScenarioLoader.parse("""
                name: scale-merge
                provider: openwire
                destination: {type: topic, name: bench.scale}
                message: {type: bytes, size: 1024}
                publishers: {clients: %d, rate: max}
                subscribers:
                  - {clients: %d}
                delivery: {persistent: false, ack: auto}
                phases: {warmup: 0s, measure: %ds, drain: 1s}
                """.formatted(clients, clients, seconds), "scale-merge", "scale-merge", List.of());

        // every reading built before the clock starts, as the agents would have sent them
        String[] pubIds = ids("pub-", clients);
        String[] subIds = ids("sub-0-", clients);
        List<Counters> publishers = new ArrayList<>(seconds + 1);
        List<Counters> subscribers = new ArrayList<>(seconds + 1);
        List<LatencyInterval> latencies = new ArrayList<>(seconds + 1);
        String histogram = Histograms.encode(typicalSecond());
        long epoch = System.currentTimeMillis();
        for (int s = 0; s <= seconds; s++) {
            publishers.add(counters(pubIds, s, 1000));
            subscribers.add(counters(subIds, s, 1000));
            latencies.add(new LatencyInterval(epoch + s * 1000L - 1000, epoch + s * 1000L, 100_000, histogram));
        }

        // warm the JIT on a short run first, as a real run's warm-up does, then time the whole window
        // three times (the cores are shared: the median is the figure, the maximum shows the noise)
        Path hlog = Files.createTempFile("scale-merge", ".hlog");
        try {
            int warm = Math.min(30, seconds);
            RunInternals.timeMerge(scenario, 2, publishers.subList(0, warm + 1), subscribers.subList(0, warm + 1),
                    latencies.subList(0, warm + 1), hlog);
            double[] merges = new double[3];
            double[] cpu = new double[3];
            for (int i = 0; i < merges.length; i++) {
                RunInternals.Timing t = RunInternals.timeMerge(scenario, 2, publishers, subscribers, latencies, hlog);
                check(t.result(), (long) seconds * 1000 * clients);
                merges[i] = (t.sampleNanos() + t.resultNanos()) / 1e9;
                cpu[i] = t.cpuNanos() / 1e9;
                out.put("resultSeconds", t.resultNanos() / 1e9);
            }
            Arrays.sort(merges);
            Arrays.sort(cpu);
            out.put("mergeSeconds", merges[1]);
            out.put("mergeMaxSeconds", merges[2]);
            out.put("mergeCpuSeconds", cpu[1]);
            // the same without latencies: what the client streams cost, apart from one histogram a second
            List<LatencyInterval> none = new ArrayList<>(java.util.Collections.nCopies(seconds + 1, null));
            double[] counts = new double[3];
            for (int i = 0; i < counts.length; i++) {
                counts[i] = RunInternals.timeMerge(scenario, 2, publishers, subscribers, none, hlog).cpuNanos() / 1e9;
            }
            Arrays.sort(counts);
            out.put("mergeCountsOnlyCpuSeconds", counts[1]);
            out.put("histogramBytes", histogram.length());
        } finally {
            Files.deleteIfExists(hlog);
        }

        // the JSON decoding of one body, on the same path every second (twice: both agents)
        byte[] body = Json.MAPPER.writeValueAsBytes(subscribers.get(seconds));
        out.put("bodyBytes", body.length);
        long c0 = System.nanoTime();
        Json.MAPPER.readValue(body, Counters.class);
        out.put("decodeFirstSeconds", (System.nanoTime() - c0) / 1e9);
        for (int i = 0; i < 50; i++) {
            Json.MAPPER.readValue(body, Counters.class);
        }
        long[] runs = new long[50];
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long cpu0 = threads.getCurrentThreadCpuTime();
        for (int i = 0; i < runs.length; i++) {
            long d0 = System.nanoTime();
            Json.MAPPER.readValue(body, Counters.class);
            runs[i] = System.nanoTime() - d0;
        }
        out.put("decodeCpuSeconds", (threads.getCurrentThreadCpuTime() - cpu0) / 1e9 / runs.length);
        Arrays.sort(runs);
        out.put("decodeMedianSeconds", runs[runs.length / 2] / 1e9);
        out.put("decodeMaxSeconds", runs[runs.length - 1] / 1e9);
        out.put("decodeWindowSeconds", 2.0 * seconds * runs[runs.length / 2] / 1e9);
        for (int i = 0; i < runs.length; i++) { // the agent's side of the same body, for comparison
            long e0 = System.nanoTime();
            Json.MAPPER.writeValueAsBytes(subscribers.get(seconds));
            runs[i] = System.nanoTime() - e0;
        }
        Arrays.sort(runs);
        out.put("encodeMedianSeconds", runs[runs.length / 2] / 1e9);
        return out;
    }

    private static void check(PointResult r, long expected) {
        if (r.rates().received().messages() != expected || r.rates().dispatched().messages() != expected) {
            throw new IllegalStateException("merge gave " + r.rates().received().messages() + " sent and "
                    + r.rates().dispatched().messages() + " received, expected " + expected + " each");
        }
    }

    private static String[] ids(String prefix, int n) {
        String[] ids = new String[n];
        for (int i = 0; i < n; i++) {
            ids[i] = prefix + i;
        }
        return ids;
    }

    /** Cumulative counts after {@code second} seconds at {@code perSecond} msgs/s per client. */
    private static Counters counters(String[] ids, int second, long perSecond) {
        List<ClientCount> clients = new ArrayList<>(ids.length);
        for (String id : ids) {
            clients.add(new ClientCount(id, second * perSecond, 0, null));
        }
        long nanos = 1_000_000_000_000L + second * 1_000_000_000L;
        return new Counters(nanos, 0, second * 1_200_000_000L, 300L << 20, 40, clients,
                io.jmsbench.protocol.HostSample.UNKNOWN);
    }

    /** One second of end-to-end latencies as a loaded run records them: 100 000 values, 50 µs to ~50 ms. */
    private static Histogram typicalSecond() {
        Histogram h = Histograms.empty();
        Random random = new Random(1);
        for (int i = 0; i < 100_000; i++) {
            h.recordValue((long) (50_000 * Math.exp(Math.abs(random.nextGaussian()) * 2.3)));
        }
        return h;
    }
}
