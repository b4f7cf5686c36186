package io.jmsbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jmsbench.scenario.CpuSpec;
import io.jmsbench.system.CpuList;
import io.jmsbench.system.CpuPartitions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The smoke scenario on CPU partitions of this host ({@code cpus: auto}): the broker's JVM on the
 * first CPU, the agents' and the controller's on the other, as /proc says the kernel held them,
 * and the point judged partition for host.
 *
 * <p>It may share the machine: what it asserts is where the kernel held each JVM, that each
 * partition's own cores are the JVMs' measured there and no more than the CPU was busy (other work
 * beside it only makes the CPU busier), the findings that name the layout, and an external broker's
 * CPUs given back; no verdict, rate or timing. Its pinning applies to its own processes only.
 */
@Timeout(240)
@SharesTheMachine
class PartitionsIT {

    @TempDir
    Path work;

    /** What cpus: auto gives on this machine: the controller's mask is the one the test JVM passes on. */
    private static final CpuPartitions AUTO = CpuSpec.split(CpuList.allowed());

    @Test
    void autoHoldsTheBrokerAndTheClientsToCpusOfTheirOwn() throws Exception {
        assumeTrue(AUTO != null && AUTO.clientsShare(), "the checks below are for a machine of 2 or 3 CPUs, as CI's");
        Path out = work.resolve("results");
        Jmsbench.Result result = Jmsbench.run(work, Duration.ofSeconds(180), "run",
                Jmsbench.scenario("smoke.yaml").toString(), "--out", out.toString(), "--set", "cpus=auto",
                "--set", "phases.warmup=3s", "--set", "phases.measure=6s");
        assertEquals(0, result.exit(), () -> "stdout:\n" + result.stdout() + "\nstderr:\n" + result.stderr());
        Path run = Reports.onlyRunDirectory(out, "smoke");
        KeptRuns.keep(run, "smoke-partitioned"); // for ReportHtmlIT
        JsonNode point = Reports.read(run).path("points").get(0);

        JsonNode cpus = point.path("environment").path("cpus");
        assertEquals("auto", cpus.path("split").asText(), cpus.toString());
        assertEquals("taskset", cpus.path("appliedWith").asText());
        String broker0 = AUTO.broker().toString();
        String clientCpus = AUTO.publishers().toString();
        assertEquals(broker0, cpus.path("given").path("broker").asText(), "the broker's CPUs come first: " + cpus);
        assertEquals(broker0, cpus.path("held").path("broker").asText(), "the kernel held the broker there: " + cpus);
        for (String held : List.of("publisher-agent", "subscriber-agent", "controller")) {
            assertEquals(clientCpus, cpus.path("held").path(held).asText(), held + " on the clients' CPU: " + cpus);
        }

        JsonNode partitions = point.path("cpu").path("partitions");
        assertEquals(2, partitions.size(), partitions.toString());
        assertEquals(List.of("broker", "clients"), List.of(partitions.get(0).path("name").asText(),
                partitions.get(1).path("name").asText()));
        JsonNode broker = partitions.get(0);
        assertEquals(point.path("cpu").path("brokerCores").asDouble(), broker.path("ownCores").asDouble(), 1e-9,
                "on its partition, the broker's JVM is the run's own load there");
        // a JVM held to one CPU cannot use more of it than the CPU was busy (both are measured apart: the JVM's
        // CPU time, the CPU's idle ticks; the readings' instants differ by a few ms); interrupt time is not
        // added, as softirq work done in a thread's context counts in that thread's time too
        assertTrue(broker.path("busy").asDouble() > 0, broker.toString());
        assertTrue(broker.path("ownCores").asDouble() <= broker.path("busy").asDouble() + 0.05, broker.toString());
        JsonNode clients = partitions.get(1);
        double clientJvms = point.path("cpu").path("publisherCores").asDouble()
                + point.path("cpu").path("subscriberCores").asDouble() + point.path("cpu").path("controllerCores").asDouble();
        assertEquals(clientJvms, clients.path("ownCores").asDouble(), 1e-9, "the agents and the controller on CPU 1");
        assertTrue(clients.path("ownCores").asDouble() <= clients.path("busy").asDouble() + 0.05, clients.toString());

        List<String> codes = new ArrayList<>();
        point.path("findings").forEach(f -> codes.add(f.path("code").asText()));
        assertTrue(codes.contains("PARTITIONED_HOST"), codes.toString());
        assertFalse(codes.contains("SHARED_HOST"), codes.toString());
        JsonNode sample = point.path("samples").get(point.path("samples").size() - 1);
        assertTrue(sample.path("partitionBusy").has("broker"), "each second's partitions: " + sample);
    }

    /**
     * An external broker of this host moved onto the broker's CPU for the point (cpus.pinExternal)
     * and given back the CPUs it had afterwards; its CPU then counts as the broker's, not as foreign.
     */
    @Test
    void anExternalBrokerIsPinnedOnlyForThePointAndOnlyWhenAllowed() throws Exception {
        assumeTrue(AUTO != null, "CPU partitions need 2 CPUs this process may use");
        String brokerCpu = Integer.toString(AUTO.broker().numbers()[0]);
        String clientCpu = Integer.toString(AUTO.subscribers().numbers()[0]);
        Path dir = Files.createTempDirectory(work, "broker");
        Path ready = dir.resolve("ready.json");
        Jmsbench.Running broker = Jmsbench.start(dir, "broker", "--kind", "activemq", "--data-dir",
                dir.resolve("data").toString(), "--ready-file", ready.toString());
        try {
            BrokerProcess.await("jmsbench broker", broker.process(), broker.stderr(), Duration.ofSeconds(60),
                    () -> Files.exists(ready));
            String url = new ObjectMapper().readTree(ready.toFile()).path("openwire").asText();
            String before = allowed(broker.process().pid());
            Path scenario = work.resolve("pinned.yaml");
            Files.writeString(scenario, """
                    name: pinned
                    broker: {url: '%s', kind: activemq}
                    destination: {type: topic, name: bench.pinned}
                    publishers: {clients: 1, rate: max}
                    subscribers:
                      - {clients: 1}
                    phases: {warmup: 3s, measure: 5s, drain: 10s}
                    cpus: {broker: '%s', clients: '%s', pinExternal: true}
                    """.formatted(url, brokerCpu, clientCpu));
            Path out = work.resolve("results");
            Jmsbench.Result result = Jmsbench.run(work, Duration.ofSeconds(120), "run", scenario.toString(), "--out",
                    out.toString());
            assertEquals(0, result.exit(), () -> "stdout:\n" + result.stdout() + "\nstderr:\n" + result.stderr());
            assertTrue(result.stdout().contains("moved onto CPU " + brokerCpu + " for the point (cpus.pinExternal)"),
                    result.stdout());
            JsonNode point = Reports.read(Reports.onlyRunDirectory(out, "pinned")).path("points").get(0);
            assertEquals(brokerCpu, point.path("environment").path("cpus").path("held").path("broker").asText(),
                    point.path("environment").toString());
            JsonNode brokerPartition = point.path("cpu").path("partitions").get(0);
            assertEquals(point.path("cpu").path("brokerCores").asDouble(), brokerPartition.path("ownCores").asDouble(),
                    1e-9, "the external broker's CPU is the broker partition's own: " + brokerPartition);
            assertTrue(point.path("cpu").path("brokerCores").asDouble() > 0, point.path("cpu").toString());
            assertEquals(before, allowed(broker.process().pid()), "the broker has its CPUs back after the point");
        } finally {
            broker.process().destroy();
            if (!broker.process().waitFor(30, TimeUnit.SECONDS)) {
                broker.process().destroyForcibly();
            }
        }
    }

    private static String allowed(long pid) throws IOException {
        return Files.readAllLines(Path.of("/proc", Long.toString(pid), "status")).stream()
                .filter(l -> l.startsWith("Cpus_allowed_list:")).map(l -> l.substring(l.indexOf(':') + 1).strip())
                .findFirst().orElseThrow();
    }
}
