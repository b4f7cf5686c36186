package io.jmsbench.run.workers;

import com.fasterxml.jackson.databind.JsonNode;
import io.jmsbench.agent.AgentClient;
import io.jmsbench.agent.ReadyFile;
import io.jmsbench.protocol.AgentRole;
import io.jmsbench.run.jvm.ChildJvm;
import io.jmsbench.run.jvm.Children;
import io.jmsbench.run.stop.RunAborted;
import io.jmsbench.run.stop.RunFailure;
import io.jmsbench.run.stop.RunSignal;

import io.jmsbench.system.CpuList;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** An agent JVM the controller starts on this machine, on a free loopback port. */
public final class LocalAgent {

    static final Duration READY_TIMEOUT = Duration.ofSeconds(60);
    public static final List<String> JVM_FLAGS = List.of("-Xms512m", "-Xmx2g", "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn");
    /** Extra JVM options for the local agents, e.g. a profiler: {@code JMSBENCH_AGENT_OPTS=-XX:StartFlightRecording}. */
    static final String EXTRA_FLAGS_ENV = "JMSBENCH_AGENT_OPTS";

    private final ChildJvm jvm;
    private final Path ready;
    private final String name;

    private LocalAgent(String name, ChildJvm jvm, Path ready) {
        this.name = name;
        this.jvm = jvm;
        this.ready = ready;
    }

    /** Starts the JVM and returns at once, so several agents boot side by side. */
    static LocalAgent spawn(Children children, String name, AgentRole role, Path runDirectory, String token,
                            CpuList cpus) throws IOException {
        Path ready = runDirectory.resolve("." + name + ".ready");
        List<String> flags = new ArrayList<>(JVM_FLAGS);
        String extra = System.getenv(EXTRA_FLAGS_ENV);
        if (extra != null && !extra.isBlank()) {
            flags.addAll(List.of(extra.strip().replace("{name}", name).split("\\s+")));
        }
        ChildJvm jvm = children.add(ChildJvm.start(name, flags,
                List.of("agent", "--managed", "--role", role.wireName(), "--ready-file", ready.toString()),
                runDirectory.resolve("logs"), Map.of("JMSBENCH_TOKEN", token), cpus));
        return new LocalAgent(name, jvm, ready);
    }

    /** Waits until the agent serves and returns its client. */
    AgentClient await(String token, String leaseId, RunSignal signal)
            throws IOException, InterruptedException, RunFailure, RunAborted {
        JsonNode node = ReadyFile.await(ready, READY_TIMEOUT, () -> jvm.isAlive() && signal.abortReason() == null);
        signal.check();
        if (node == null) {
            throw new RunFailure("the " + name + " did not start within " + READY_TIMEOUT.toSeconds()
                    + " s; its log " + jvm.log() + " ends with:\n" + jvm.logTail(5));
        }
        Files.deleteIfExists(ready);
        return new AgentClient(name, URI.create(node.get("url").asText()), token, leaseId);
    }

    ChildJvm jvm() {
        return jvm;
    }
}
