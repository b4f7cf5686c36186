package io.jmsbench.run;

import io.jmsbench.agent.AgentClient;
import io.jmsbench.agent.AgentException;
import io.jmsbench.broker.BrokerAddress;
import io.jmsbench.broker.management.BrokerReading;
import io.jmsbench.broker.management.BrokerManagementClient;
import io.jmsbench.broker.management.ManagementUnavailable;
import io.jmsbench.protocol.AgentInfo;
import io.jmsbench.run.jvm.ThreadDumps;
import io.jmsbench.run.point.StallWitness;
import io.jmsbench.run.point.StallWitness.BrokerAnswer;
import io.jmsbench.run.workers.PointAgents;
import io.jmsbench.scenario.Scenario;
import io.jmsbench.system.Facts;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * What a stalled point's broker says, and the threads of the broker and the local agents: the
 * embedded broker answers with its limits and held producers ({@code BrokerStatusServer}); an
 * external one through its management interface when it has one, else by whether its port still
 * takes connections. The thread dumps go into the run's {@code logs/} as {@code stall-*-threads.txt},
 * taken side by side while the broker is asked, each within {@link ThreadDumps#TIMEOUT}.
 */
final class StallInquiry implements StallWitness {

    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(3);

    private final Scenario scenario;
    private final PointBroker broker;
    private final PointAgents agents;
    private final Path logs;
    private final String suffix;
    private final BrokerManagementClient.Opener management;

    StallInquiry(Scenario scenario, PointBroker broker, PointAgents agents, Path logs, String suffix,
                 BrokerManagementClient.Opener management) {
        this.management = management;
        this.scenario = scenario;
        this.broker = broker;
        this.agents = agents;
        this.logs = logs;
        this.suffix = suffix;
    }

    @Override
    public Testimony testify() {
        Map<String, Long> jvms = localJvms();
        // a thread per dump: the common pool has one thread on two cores, and each jcmd may take its bound
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, jvms.size()), r -> {
            Thread t = new Thread(r, "stall-dump");
            t.setDaemon(true);
            return t;
        });
        try {
            List<CompletableFuture<String>> dumps = new ArrayList<>();
            jvms.forEach((name, pid) -> dumps.add(CompletableFuture.supplyAsync(() -> {
                String problem = ThreadDumps.write(pid, logs.resolve("stall-" + name + "-threads" + suffix + ".txt"));
                return problem == null ? name : null;
            }, pool)));
            Testimony broker = brokerSays();
            List<String> taken = dumps.stream().map(CompletableFuture::join).filter(Objects::nonNull).toList();
            String where = taken.isEmpty() ? null : logs.getFileName() + "/ (stall-*-threads" + suffix + ".txt: "
                    + String.join(", ", taken) + ")";
            return broker.withDumps(where);
        } catch (RuntimeException e) {
            return new Testimony(BrokerAnswer.NOT_ASKED, "the stall could not be looked into: " + e, null);
        } finally {
            pool.shutdownNow();
        }
    }

    /** The broker's answer: its state, its management interface's alarms, or only whether its port answers. */
    private Testimony brokerSays() {
        if (broker.jvm() != null) {
            try {
                return new Testimony(BrokerAnswer.UP, broker.jvm().state().describe(), null);
            } catch (IOException e) {
                return new Testimony(BrokerAnswer.NO_ANSWER, e.getMessage(), null);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Testimony.NONE;
            }
        }
        String management;
        try {
            BrokerReading reading = this.management.open().read();
            return new Testimony(BrokerAnswer.UP, management(reading), null);
        } catch (ManagementUnavailable e) {
            management = e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Testimony.NONE;
        }
        Optional<BrokerAddress> address = BrokerAddress.of(broker.url());
        if (address.isEmpty()) {
            return Testimony.NONE;
        }
        BrokerAddress a = address.get();
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(a.host(), a.port()), (int) CONNECT_TIMEOUT.toMillis());
            return new Testimony(BrokerAnswer.UP, "it takes connections on " + a.host() + ":" + a.port() + " (its management "
                    + "interface said nothing: " + management + ")", null);
        } catch (IOException e) {
            return new Testimony(BrokerAnswer.NO_ANSWER, a.host() + ":" + a.port() + ": " + e.getMessage(), null);
        }
    }

    static String management(BrokerReading reading) {
        List<String> parts = new ArrayList<>();
        parts.addAll(reading.alarms());
        parts.addAll(reading.flowControl());
        if (reading.blockedSends() > 0) {
            parts.add(String.format(Locale.ROOT, "%,d sends blocked by flow control so far", reading.blockedSends()));
        }
        if (reading.remaining() > 0) {
            parts.add(String.format(Locale.ROOT, "its queues hold %,d messages", reading.remaining()));
        }
        return parts.isEmpty() ? "its management interface shows no alarm and no flow control"
                : "its management interface says: " + String.join("; ", parts);
    }

    /** The JVMs on this machine to dump, by name: the broker (when a JVM) and each local agent. */
    private Map<String, Long> localJvms() {
        Map<String, Long> jvms = new LinkedHashMap<>();
        if (broker.gauged() != null && broker.gauged().pid() >= 0 && ThreadDumps.isJvm(broker.gauged().pid())) {
            jvms.put("broker", broker.gauged().pid());
        }
        String here = Facts.host().bootId();
        for (var group : List.of(agents.publishers(), agents.subscribers())) {
            for (AgentClient agent : group.agents()) {
                try {
                    AgentInfo info = agent.info();
                    if (here != null && here.equals(info.host().bootId()) && info.jvm().pid() > 0) {
                        jvms.put(agent.name().replaceAll("[^A-Za-z0-9_.-]", "_"), info.jvm().pid());
                    }
                } catch (AgentException e) {
                    // an agent that does not answer is told by the staleness rule; its threads stay unknown
                }
            }
        }
        return jvms;
    }
}
