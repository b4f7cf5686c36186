package io.jmsbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The paper's testbed on one machine: Linux network namespaces for the broker host, a publisher
 * host and two subscriber hosts, each joined by a veth pair to a bridge in the root namespace,
 * where the controller runs. Needs root and iproute2; {@link #unavailable()} says why not.
 * Names and the subnet derive from this JVM's pid, so two builds on one machine do not collide.
 */
final class NetnsTestbed implements AutoCloseable {

    static final String BROKER = "b";
    static final String PUBLISHER = "p";
    static final String SUBSCRIBER_1 = "s";
    static final String SUBSCRIBER_2 = "t";
    /** One testbed at a time in this JVM: its links and namespaces are named after the JVM's pid. */
    static final String LOCK = "jmsbench.netns";

    private static final List<String> HOSTS = List.of(BROKER, PUBLISHER, SUBSCRIBER_1, SUBSCRIBER_2);

    private final String prefix;
    private final String subnet;
    private final List<Process> processes = new ArrayList<>();

    private NetnsTestbed(String prefix, String subnet) {
        this.prefix = prefix;
        this.subnet = subnet;
    }

    /** Why this machine cannot host the testbed, or {@code null} when it can. */
    static String unavailable() throws IOException, InterruptedException {
        if (!"root".equals(System.getProperty("user.name"))) {
            return "the network-namespace testbed needs root (ip netns add), and this build runs as "
                    + System.getProperty("user.name");
        }
        try {
            if (new ProcessBuilder("ip", "netns", "list").redirectErrorStream(true).start().waitFor() != 0) {
                return "'ip netns list' failed: network namespaces are not available here";
            }
        } catch (IOException e) {
            return "the network-namespace testbed needs iproute2's 'ip' command: " + e.getMessage();
        }
        return null;
    }

    static NetnsTestbed create() throws IOException, InterruptedException {
        long pid = ProcessHandle.current().pid();
        NetnsTestbed bed = new NetnsTestbed("jb" + (pid % 100000), "10.213." + (pid % 200 + 20));
        try {
            bed.ip("link", "add", bed.bridge(), "type", "bridge");
            bed.ip("addr", "add", bed.subnet + ".1/24", "dev", bed.bridge());
            bed.ip("link", "set", bed.bridge(), "up");
            for (int i = 0; i < HOSTS.size(); i++) {
                String host = HOSTS.get(i);
                String ns = bed.namespace(host);
                bed.ip("netns", "add", ns);
                bed.ip("link", "add", bed.link(host), "type", "veth", "peer", "name", bed.prefix + "-" + host + "n");
                bed.ip("link", "set", bed.prefix + "-" + host + "n", "netns", ns);
                bed.ip("link", "set", bed.link(host), "master", bed.bridge());
                bed.ip("link", "set", bed.link(host), "up");
                bed.ip("netns", "exec", ns, "ip", "addr", "add", bed.subnet + "." + (i + 2) + "/24", "dev",
                        bed.prefix + "-" + host + "n");
                bed.ip("netns", "exec", ns, "ip", "link", "set", bed.prefix + "-" + host + "n", "up");
                bed.ip("netns", "exec", ns, "ip", "link", "set", "lo", "up");
            }
        } catch (IOException | RuntimeException e) {
            bed.close();
            throw e;
        }
        return bed;
    }

    /** The address of {@code host} on the testbed's network. */
    String address(String host) {
        return subnet + "." + (HOSTS.indexOf(host) + 2);
    }

    /** Takes {@code host}'s link to the bridge down (or up again): its cable pulled. */
    void link(String host, boolean up) throws IOException, InterruptedException {
        ip("link", "set", link(host), up ? "up" : "down");
    }

    /** Starts the jar in {@code host}'s namespace; output goes to {@code log}. */
    Process start(String host, Path log, String... args) throws IOException {
        return start(host, log, List.of(), args);
    }

    /** As above, with {@code jvmFlags} before {@code -jar} (a hidden test knob such as the agents' stop bound). */
    Process start(String host, Path log, List<String> jvmFlags, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of("ip", "netns", "exec", namespace(host),
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx512m"));
        command.addAll(Jmsbench.jitOptions());
        command.addAll(jvmFlags);
        command.addAll(List.of("-jar", Jmsbench.JAR.toAbsolutePath().toString()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        processes.add(p);
        return p;
    }

    /** Runs {@code command} in {@code host}'s namespace, stopped with the testbed; output goes to {@code log}. */
    Process exec(String host, Path log, String... command) throws IOException {
        List<String> full = new ArrayList<>(List.of("ip", "netns", "exec", namespace(host)));
        full.addAll(List.of(command));
        Process p = new ProcessBuilder(full).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        processes.add(p);
        return p;
    }

    /** A broker in the broker host's namespace; returns its OpenWire URL once it serves. */
    String startBroker(Path dir) throws IOException, InterruptedException {
        Path ready = dir.resolve("broker.ready");
        start(BROKER, dir.resolve("broker.log"), "broker", "--listen", address(BROKER), "--data-dir",
                dir.resolve("broker-data").toString(), "--ready-file", ready.toString());
        return awaitReady(ready, Duration.ofSeconds(60)).path("openwire").asText();
    }

    /** An agent of {@code role} in {@code host}'s namespace on port {@code port}; returns once it serves. */
    Process startAgent(String host, String role, int port, Path tokenFile, Path dir, String... extra)
            throws IOException, InterruptedException {
        return launchAgent(host, role, port, tokenFile, dir, List.of(), extra).awaitReady();
    }

    /** An agent started and not yet serving: {@link #awaitReady} waits for it, so that several start at once. */
    record Launched(Process process, Path ready) {

        Process awaitReady() throws IOException, InterruptedException {
            NetnsTestbed.awaitReady(ready, Duration.ofSeconds(60));
            return process;
        }
    }

    /** Starts an agent as {@link #startAgent} does, with {@code jvmFlags}, without waiting for it to serve. */
    Launched launchAgent(String host, String role, int port, Path tokenFile, Path dir, List<String> jvmFlags,
                         String... extra) throws IOException {
        Path ready = dir.resolve(role + "-" + host + "-" + port + ".ready");
        List<String> args = new ArrayList<>(List.of("agent", "--role", role, "--listen", address(host) + ":" + port,
                "--token-file", tokenFile.toString(), "--ready-file", ready.toString()));
        args.addAll(List.of(extra));
        return new Launched(start(host, dir.resolve(role + "-" + host + "-" + port + ".log"), jvmFlags,
                args.toArray(String[]::new)), ready);
    }

    private static JsonNode awaitReady(Path ready, Duration timeout) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (Files.exists(ready) && Files.size(ready) > 0) {
                try {
                    return new ObjectMapper().readTree(ready.toFile());
                } catch (IOException partial) {
                    // being written: read again
                }
            }
            Thread.sleep(50);
        }
        throw new AssertionError("nothing ready at " + ready + " within " + timeout);
    }

    @Override
    public void close() throws IOException, InterruptedException {
        for (Process p : processes) {
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
        }
        for (String host : HOSTS) {
            quietly("ip", "netns", "del", namespace(host));
            quietly("ip", "link", "del", link(host));
        }
        quietly("ip", "link", "del", bridge());
    }

    private String namespace(String host) {
        return prefix + "-" + host;
    }

    /** The name of {@code host}'s link to the bridge, on the controller's side (the root namespace). */
    String link(String host) {
        return prefix + "-" + host + "h";
    }

    private String bridge() {
        return prefix + "-br";
    }

    private void ip(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("ip"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException(String.join(" ", command) + " failed: " + output.strip());
        }
    }

    private static void quietly(String... command) throws InterruptedException {
        try {
            new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start().waitFor(10, TimeUnit.SECONDS);
        } catch (IOException ignored) {
            // cleaning up what may not exist
        }
    }
}
