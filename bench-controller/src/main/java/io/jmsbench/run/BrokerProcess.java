package io.jmsbench.run;

import com.fasterxml.jackson.databind.JsonNode;
import io.jmsbench.agent.ReadyFile;
import io.jmsbench.broker.BrokerPorts;
import io.jmsbench.broker.BrokerUnavailable;
import io.jmsbench.broker.BrokerUrls;
import io.jmsbench.protocol.Json;
import io.jmsbench.run.jvm.ChildJvm;
import io.jmsbench.run.jvm.Children;
import io.jmsbench.run.stop.RunAborted;
import io.jmsbench.run.stop.RunSignal;
import io.jmsbench.scenario.BrokerTuning;
import io.jmsbench.system.CpuList;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Starts {@code jmsbench broker} in its own JVM for a run and waits until it serves. */
final class BrokerProcess {

    static final Duration READY_TIMEOUT = Duration.ofSeconds(60);
    static final List<String> JVM_FLAGS = List.of("-Xms1g", "-Xmx1g", "-Dorg.slf4j.simpleLogger.defaultLogLevel=info",
            "-Dorg.slf4j.simpleLogger.showDateTime=true");

    private BrokerProcess() {
    }

    /** Where the broker writes its own message counts when it stops. */
    static Path countsFile(Path runDirectory, String name) {
        return runDirectory.resolve("." + name + ".counts");
    }

    static BrokerUrls start(Children children, Path runDirectory, String name, String kind, Path dataDirectory,
                            boolean persistent, BrokerTuning tuning, RunSignal signal)
            throws IOException, BrokerUnavailable, RunAborted, InterruptedException {
        return start(children, runDirectory, name, kind, dataDirectory, persistent, tuning, signal, BrokerPorts.ANY,
                false, null);
    }

    /**
     * As the other start, on {@code ports} (a broker started again takes the ports it had), with the
     * redelivered flag persisted when the point's faults restart the broker, on {@code cpus} only
     * ({@code null}: anywhere).
     */
    static BrokerUrls start(Children children, Path runDirectory, String name, String kind, Path dataDirectory,
                            boolean persistent, BrokerTuning tuning, RunSignal signal, BrokerPorts ports,
                            boolean persistRedelivered, CpuList cpus)
            throws IOException, BrokerUnavailable, RunAborted, InterruptedException {
        Path ready = runDirectory.resolve("." + name + ".ready");
        List<String> args = new ArrayList<>(List.of("broker", "--managed", "--kind", kind, "--listen", "127.0.0.1",
                "--data-dir", dataDirectory.toString(), "--ready-file", ready.toString(),
                "--counts-file", countsFile(runDirectory, name).toString()));
        if (persistent) {
            args.add("--persistent");
        }
        if (persistRedelivered) {
            args.add("--persist-redelivered");
        }
        args.addAll(List.of("--openwire-port", String.valueOf(ports.openwire()), "--amqp-port",
                String.valueOf(ports.amqp()), "--core-port", String.valueOf(ports.core())));
        args.add("--tuning");
        args.add(Json.MAPPER.writeValueAsString(tuning));
        ChildJvm broker = children.addServer(ChildJvm.start(name, JVM_FLAGS, args, runDirectory.resolve("logs"), Map.of(),
                cpus));
        JsonNode urls = ReadyFile.await(ready, READY_TIMEOUT, () -> broker.isAlive() && signal.abortReason() == null);
        signal.check();
        if (urls == null) {
            throw new BrokerUnavailable("the embedded broker did not start within " + READY_TIMEOUT.toSeconds()
                    + " s; its log " + broker.log() + " ends with:\n" + broker.logTail(5));
        }
        Files.deleteIfExists(ready);
        return Json.MAPPER.treeToValue(urls, BrokerUrls.class);
    }
}
