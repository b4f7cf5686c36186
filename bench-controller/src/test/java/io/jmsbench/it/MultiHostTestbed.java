package io.jmsbench.it;

import io.jmsbench.agent.AgentClient;
import io.jmsbench.agent.AgentException;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A class's network-namespace testbed ({@link NetnsTestbed}) with its broker and token, and the agents and
 * runs its tests start: what {@link MultiHostIT} (runs whose figures are judged, alone) and
 * {@link MultiHostFaultsIT} (tokens, leases, lost agents, a pulled link, the monitor: beside other classes)
 * both need.
 */
final class MultiHostTestbed implements AutoCloseable {

    /** The agents of one test, on ports of their own: publisher, two subscribers, monitor. */
    record Agents(Process publisher, Process subscriber1, Process subscriber2, Process monitor,
                  String publisherAddress, String subscriber1Address, String subscriber2Address,
                  String monitorAddress, Path dir) {

        List<String> args() {
            return List.of("--agents", "publishers=" + publisherAddress, "--agents",
                    "subscribers=" + subscriber1Address + "," + subscriber2Address, "--agents", "monitor=" + monitorAddress);
        }

        Path log(String host, String role, String address) {
            return dir.resolve(role + "-" + host + "-" + address.substring(address.lastIndexOf(':') + 1) + ".log");
        }
    }

    final NetnsTestbed bed;
    final String brokerUrl;
    final Path token;
    private final AtomicInteger ports = new AtomicInteger(7100);
    private final List<Process> agents = new ArrayList<>();
    private Agents shared;
    private List<String> sharedOptions;

    private MultiHostTestbed(NetnsTestbed bed, String brokerUrl, Path token) {
        this.bed = bed;
        this.brokerUrl = brokerUrl;
        this.token = token;
    }

    /** The testbed with its broker started; the agents generate the token file when the first one starts. */
    static MultiHostTestbed open() throws IOException, InterruptedException {
        Path shared = Files.createTempDirectory("jmsbench-testbed");
        NetnsTestbed bed = NetnsTestbed.create();
        try {
            return new MultiHostTestbed(bed, bed.startBroker(shared), shared.resolve("token"));
        } catch (IOException | RuntimeException | InterruptedException | AssertionError e) {
            bed.close();
            throw e;
        }
    }

    /** The last port handed out: names a test's destination apart from the other tests'. */
    int port() {
        return ports.get();
    }

    /** {@code count} ports no other test of the class uses; returns the first. */
    int takePorts(int count) {
        return ports.getAndAdd(count);
    }

    /**
     * A publisher, two subscribers and a monitor, started at once (the first alone when it must create the
     * token file, which each of the others would otherwise create too); returns once all four serve.
     */
    Agents startAgents(Path work, String... extra) throws IOException, InterruptedException {
        return startAgents(work, List.of(), extra);
    }

    /** As above, with {@code jvmFlags} on the agents' JVMs (hidden test knobs). */
    Agents startAgents(Path work, List<String> jvmFlags, String... extra) throws IOException, InterruptedException {
        int p = takePorts(4);
        List<NetnsTestbed.Launched> launched = new ArrayList<>();
        launched.add(bed.launchAgent(NetnsTestbed.PUBLISHER, "publisher", p, token, work, jvmFlags, extra));
        if (!Files.exists(token)) {
            launched.get(0).awaitReady();
        }
        launched.add(bed.launchAgent(NetnsTestbed.SUBSCRIBER_1, "subscriber", p + 1, token, work, jvmFlags, extra));
        launched.add(bed.launchAgent(NetnsTestbed.SUBSCRIBER_2, "subscriber", p + 2, token, work, jvmFlags, extra));
        launched.add(bed.launchAgent(NetnsTestbed.BROKER, "monitor", p + 3, token, work, jvmFlags, extra));
        List<Process> started = new ArrayList<>();
        for (NetnsTestbed.Launched agent : launched) {
            agents.add(agent.process());
            started.add(agent.awaitReady());
        }
        return new Agents(started.get(0), started.get(1), started.get(2), started.get(3),
                bed.address(NetnsTestbed.PUBLISHER) + ":" + p, bed.address(NetnsTestbed.SUBSCRIBER_1) + ":" + (p + 1),
                bed.address(NetnsTestbed.SUBSCRIBER_2) + ":" + (p + 2), bed.address(NetnsTestbed.BROKER) + ":" + (p + 3),
                work);
    }

    /**
     * The agents ({@code jvmFlags}, {@code extra}) started once for the tests of a class that need no fresh
     * ones: again, if one of them is gone (a test killed it) or the last set had other options, and in any
     * case only once each of them is idle (a lease a test left behind expired). The destination's name
     * moves on, so that no test sees another's messages.
     */
    Agents sharedAgents(Path dir, List<String> jvmFlags, String... extra) throws Exception {
        List<String> options = new ArrayList<>(jvmFlags);
        options.addAll(List.of(extra));
        if (shared != null && !(options.equals(sharedOptions) && shared.publisher().isAlive()
                && shared.subscriber1().isAlive() && shared.subscriber2().isAlive() && shared.monitor().isAlive())) {
            stopAgents(); // one dead, or other options asked for: a new set
            shared = null;
        }
        if (shared == null) {
            shared = startAgents(dir, jvmFlags, extra);
            sharedOptions = options;
        }
        for (String address : List.of(shared.publisherAddress(), shared.subscriber1Address(),
                shared.subscriber2Address(), shared.monitorAddress())) {
            awaitIdle(address, Duration.ofSeconds(45)); // a lease of 30 s left behind, and its clients closing
        }
        takePorts(1);
        return shared;
    }

    Path scenario(Path work, String measure, String extra) throws IOException {
        Path file = work.resolve("testbed.yaml");
        Files.writeString(file, "name: testbed\n"
                + "broker: {url: \"" + brokerUrl + "\"}\n"
                + "destination: {type: topic, name: testbed." + port() + "}\n"
                + "publishers: {clients: 2, rate: 400}\n"
                + "subscribers:\n  - {clients: 4}\n"
                + "phases: {warmup: 2s, measure: " + measure + ", drain: 10s}\n" + extra);
        return file;
    }

    Jmsbench.Running startRun(Path work, Agents agents, Path scenario, String... more) throws IOException {
        return startRun(work, List.of(), agents, scenario, more);
    }

    /** As above, with {@code jvmOptions} for the controller's JVM (a hidden test knob, {@link Jmsbench#STALL_SECONDS}). */
    Jmsbench.Running startRun(Path work, List<String> jvmOptions, Agents agents, Path scenario, String... more)
            throws IOException {
        List<String> args = new ArrayList<>(List.of("run", scenario.toString(), "--out", work.resolve("results").toString(),
                "--token-file", token.toString()));
        args.addAll(agents.args());
        args.addAll(List.of(more));
        return Jmsbench.start(work, jvmOptions, java.util.Map.of(), args.toArray(String[]::new));
    }

    static AgentClient client(String address, String leaseId, String tokenText) {
        return new AgentClient("probe", URI.create("http://" + address), tokenText, leaseId);
    }

    /** Whether the agent is free: a call of a new run is admitted (and released at once). */
    boolean idle(String address) throws IOException {
        AgentClient probe = client(address, "probe-" + System.nanoTime(), Files.readString(token).strip());
        try {
            probe.close();
            probe.release();
            return true;
        } catch (AgentException e) {
            if (e.getMessage().contains("busy")) {
                return false;
            }
            throw new AssertionError(e.getMessage());
        }
    }

    void awaitIdle(String address, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (idle(address)) {
                return;
            }
            Thread.sleep(250);
        }
        throw new AssertionError("agent at " + address + " still busy after " + timeout);
    }

    /** Stops the agents the test started: idle agents of earlier tests would only take the host's memory and cycles. */
    void stopAgents() throws InterruptedException {
        for (Process agent : agents) {
            agent.destroyForcibly();
        }
        for (Process agent : agents) {
            agent.waitFor(10, TimeUnit.SECONDS);
        }
        agents.clear();
    }

    @Override
    public void close() throws IOException, InterruptedException {
        bed.close();
    }
}
