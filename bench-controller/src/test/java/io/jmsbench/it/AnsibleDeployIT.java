package io.jmsbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * deploy/ansible against real ssh hosts: the network-namespace testbed ({@link NetnsTestbed}) with
 * Debian's sshd in each host's namespace, the playbook run from the controller (the root
 * namespace) over ssh, a second run that must change nothing, a benchmark over the agents it
 * started, then the stop playbook, after which no agent process may be left.
 * <p>
 * The namespaces share one init, so the agents run under the playbook's supervisor scripts, not
 * systemd units (a unit would start its agent outside the namespace): the systemd path is not run here.
 */
@Timeout(600)
@Order(2) // see junit-platform.properties: where each class's thread takes it
@SharesTheMachine
@ResourceLock(NetnsTestbed.LOCK)
class AnsibleDeployIT {

    static final Path ANSIBLE = Path.of(System.getProperty("jmsbench.deploy", "../deploy")).resolve("ansible")
            .toAbsolutePath().normalize();
    private static final Pattern RECAP = Pattern.compile(
            "(?m)^(\\S+)\\s+:\\s+ok=(\\d+)\\s+changed=(\\d+)\\s+unreachable=(\\d+)\\s+failed=(\\d+).*$");
    private static final Map<String, String> HOSTS = new LinkedHashMap<>();

    static {
        HOSTS.put("broker-1", NetnsTestbed.BROKER);
        HOSTS.put("pub-1", NetnsTestbed.PUBLISHER);
        HOSTS.put("sub-1", NetnsTestbed.SUBSCRIBER_1);
        HOSTS.put("sub-2", NetnsTestbed.SUBSCRIBER_2);
    }

    @TempDir
    Path work;

    @Test
    void thePlaybookDeploysAgentsOverSshABenchmarkRunsOnThemAndTheStopPlaybookLeavesNone() throws Exception {
        String why = NetnsTestbed.unavailable();
        Skip.unless(why == null, () -> why);
        DebianPackage.require("openssh-server", Path.of("/usr/sbin/sshd"));
        DebianPackage.require("ansible", Path.of("/usr/bin/ansible-playbook"));
        Skip.unless(Files.isExecutable(Path.of("/usr/bin/ssh-keygen")),
                () -> "ssh-keygen (openssh-client) is missing");

        Path root = Files.createDirectories(work.resolve("r")); // short: ssh's control sockets live under it
        NetnsTestbed bed = NetnsTestbed.create();
        List<Process> sshds = new ArrayList<>();
        boolean deployed = false;
        try {
            String brokerUrl = bed.startBroker(Files.createDirectories(root.resolve("broker")));
            Path key = sshHosts(bed, root, sshds);
            Path inventory = inventory(bed, root, key);
            Path vars = extraVars(root);

            Ansible first = ansible(root, inventory, vars, "deploy.yml");
            deployed = true;
            System.out.println("hosts (ssh into their namespaces):");
            HOSTS.forEach((name, host) -> System.out.println("  " + name + " " + bed.address(host)));
            System.out.println("first deploy.yml (" + first.seconds() + " s):\n" + first.recap());
            assertEquals(0, first.exit(), first.output());
            first.assertNoFailures();
            assertTrue(first.changed("broker-1") > 0, first.recap());
            String agentsLine = first.output().lines().filter(l -> l.contains("./jmsbench run SCENARIO")).findFirst()
                    .orElseThrow(() -> new AssertionError("no --agents line:\n" + first.output())).strip();
            System.out.println("the playbook's line for the run: " + agentsLine);
            assertTrue(agentsLine.contains("--agents monitor=" + bed.address(NetnsTestbed.BROKER) + ":7100"), agentsLine);

            String token = Files.readString(root.resolve("ansible-machine/token")).strip();
            assertTrue(token.length() >= 16, "the playbook created the token");
            for (String name : HOSTS.keySet()) {
                Path file = root.resolve("hosts/" + name + "/var/lib/jmsbench/token");
                assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)), name);
                assertEquals(token, Files.readString(file).strip(), name);
            }
            Path controllerToken = root.resolve("controller/token");
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(controllerToken)));
            assertEquals(8, agents(root).size(), "a supervisor and its agent's JVM for each of the monitor, the "
                    + "publisher and the two subscribers: " + describe(agents(root)));

            Ansible second = ansible(root, inventory, vars, "deploy.yml");
            System.out.println("second deploy.yml (" + second.seconds() + " s):\n" + second.recap());
            assertEquals(0, second.exit(), second.output());
            second.assertNoFailures();
            for (String host : second.hosts()) {
                assertEquals(0, second.changed(host), "a second run changes nothing: " + second.recap());
            }

            ProcessHandle publisher = agents(root).stream().filter(p -> p.info().commandLine().orElse("")
                    .contains("agent --role publisher") && p.info().command().orElse("").endsWith("java"))
                    .findFirst().orElseThrow(() -> new AssertionError(describe(agents(root))));
            publisher.destroyForcibly();
            long killed = System.nanoTime();
            awaitPort(bed.address(NetnsTestbed.PUBLISHER), 7100, Duration.ofSeconds(30), null, publisher);
            System.out.printf("publisher agent killed (kill -9): its supervisor had it serving again %.1f s later%n",
                    (System.nanoTime() - killed) / 1e9);

            Jmsbench.Result run = Jmsbench.run(work, Duration.ofSeconds(120), "run", scenario(root, brokerUrl).toString(),
                    "--out", root.resolve("results").toString(), "--token-file", controllerToken.toString(),
                    "--agents", "publishers=" + bed.address(NetnsTestbed.PUBLISHER) + ":7100",
                    "--agents", "subscribers=" + bed.address(NetnsTestbed.SUBSCRIBER_1) + ":7100,"
                            + bed.address(NetnsTestbed.SUBSCRIBER_2) + ":7100",
                    "--agents", "monitor=" + bed.address(NetnsTestbed.BROKER) + ":7100");
            String summary = run.stdout().substring(Math.max(0, run.stdout().indexOf("jmsbench: ansible")));
            System.out.println("a run over the deployed agents:\n" + summary.strip());
            assertEquals(0, run.exit(), run.stdout() + run.stderr());
            JsonNode report = Reports.read(Reports.onlyRunDirectory(root.resolve("results"), "ansible"));
            assertEquals("completed", report.path("status").asText());
            JsonNode point = report.path("points").get(0);
            assertTrue(point.path("received").path("messages").asLong() > 0, point.toString());
            assertEquals(0, point.path("audit").path("lost").asLong());
            List<String> agentHosts = new ArrayList<>();
            report.path("environment").path("agents").forEach(a -> agentHosts.add(a.path("name").asText() + "@"
                    + a.path("address").asText()));
            System.out.println("agents in the report: " + agentHosts);
            assertEquals(4, agentHosts.size(), agentHosts.toString());

            Ansible stop = ansible(root, inventory, vars, "stop.yml");
            System.out.println("stop.yml (" + stop.seconds() + " s):\n" + stop.recap());
            assertEquals(0, stop.exit(), stop.output());
            stop.assertNoFailures();
            List<ProcessHandle> left = awaitNoAgents(root, Duration.ofSeconds(30));
            System.out.println("agent processes left after stop.yml: " + left.size());
            assertTrue(left.isEmpty(), "left: " + describe(left));
            deployed = false;

            Ansible stopAgain = ansible(root, inventory, vars, "stop.yml");
            System.out.println("second stop.yml:\n" + stopAgain.recap());
            assertEquals(0, stopAgain.exit(), stopAgain.output());
            for (String host : stopAgain.hosts()) {
                assertEquals(0, stopAgain.changed(host), stopAgain.recap());
            }
            for (Ansible a : List.of(first, second, stop, stopAgain)) {
                assertFalse(a.output().contains(token), "the token never shows in ansible's output");
            }
        } finally {
            for (ProcessHandle p : ProcessHandle.allProcesses().filter(p -> p.info().commandLine().orElse("")
                    .contains(root.resolve("cp").toString())).toList()) {
                p.destroyForcibly(); // ansible's ssh control masters
            }
            for (Process sshd : sshds) {
                sshd.descendants().forEach(ProcessHandle::destroyForcibly); // the masters' sessions
            }
            for (ProcessHandle p : agents(root)) {
                if (deployed) {
                    System.out.println("cleanup: ending " + describe(List.of(p)));
                }
                p.destroyForcibly();
            }
            bed.close();
        }
    }

    /** Host and client keys, and sshd in each host's namespace; returns the client's private key. */
    private static Path sshHosts(NetnsTestbed bed, Path root, List<Process> sshds) throws Exception {
        Path ssh = Files.createDirectories(root.resolve("ssh"));
        Path key = ssh.resolve("id_ed25519");
        Path hostKey = ssh.resolve("host_ed25519");
        command(Duration.ofSeconds(30), "ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "controller", "-f",
                key.toString());
        command(Duration.ofSeconds(30), "ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "testbed", "-f",
                hostKey.toString());
        Files.copy(ssh.resolve("id_ed25519.pub"), ssh.resolve("authorized_keys"));
        Path privsep = Path.of("/run/sshd"); // sshd's privilege separation directory; a package install makes it
        if (!Files.isDirectory(privsep)) {
            Files.createDirectories(privsep);
            Files.setPosixFilePermissions(privsep, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        StringBuilder knownHosts = new StringBuilder();
        String hostPublic = Files.readString(ssh.resolve("host_ed25519.pub")).strip();
        for (String host : HOSTS.values()) {
            Path config = ssh.resolve("sshd_config-" + host);
            Files.writeString(config, String.join("\n", "ListenAddress " + bed.address(host), "Port 22",
                    "HostKey " + hostKey, "PidFile " + ssh.resolve("sshd-" + host + ".pid"),
                    "AuthorizedKeysFile " + ssh.resolve("authorized_keys"), "PermitRootLogin prohibit-password",
                    "PasswordAuthentication no", "KbdInteractiveAuthentication no", "UsePAM no", "StrictModes no",
                    "Subsystem sftp internal-sftp", ""));
            sshds.add(bed.exec(host, ssh.resolve("sshd-" + host + ".log"), "/usr/sbin/sshd", "-D", "-e", "-f",
                    config.toString()));
            knownHosts.append(bed.address(host)).append(' ').append(hostPublic).append('\n');
        }
        Files.writeString(ssh.resolve("known_hosts"), knownHosts);
        for (String host : HOSTS.values()) {
            awaitPort(bed.address(host), 22, Duration.ofSeconds(30), ssh.resolve("sshd-" + host + ".log"), null);
        }
        return key;
    }

    private static Path inventory(NetnsTestbed bed, Path root, Path key) throws IOException {
        StringBuilder y = new StringBuilder("all:\n  vars:\n    ansible_user: root\n")
                .append("    ansible_ssh_private_key_file: ").append(key).append('\n')
                .append("    ansible_ssh_common_args: -o UserKnownHostsFile=").append(root.resolve("ssh/known_hosts"))
                .append(" -o StrictHostKeyChecking=yes -o ConnectTimeout=10\n")
                .append("    ansible_python_interpreter: /usr/bin/python3\n  children:\n");
        Map<String, List<String>> groups = new LinkedHashMap<>();
        groups.put("broker", List.of("broker-1"));
        groups.put("publishers", List.of("pub-1"));
        groups.put("subscribers", List.of("sub-1", "sub-2"));
        for (Map.Entry<String, List<String>> g : groups.entrySet()) {
            y.append("    ").append(g.getKey()).append(":\n      hosts:\n");
            for (String name : g.getValue()) {
                y.append("        ").append(name).append(": {ansible_host: ").append(bed.address(HOSTS.get(name)))
                        .append("}\n");
            }
        }
        y.append("    controller:\n      hosts:\n        controller-1: {ansible_connection: local}\n");
        Path file = root.resolve("inventory.yml");
        Files.writeString(file, y);
        return file;
    }

    /** Each host's directories under the test's own (the namespaces share one file system), as root, no systemd. */
    private static Path extraVars(Path root) throws IOException {
        Path file = root.resolve("vars.yml");
        Files.writeString(file, String.join("\n",
                "jmsbench_become: false",
                "jmsbench_user: root",
                "jmsbench_create_user: false",
                "jmsbench_use_systemd: false",
                "jmsbench_java_options: -Xmx512m",
                "jmsbench_home: '" + root + "/hosts/{{ inventory_hostname }}/opt/jmsbench'",
                "jmsbench_state_dir: '" + root + "/hosts/{{ inventory_hostname }}/var/lib/jmsbench'",
                "jmsbench_jar_source: '" + Jmsbench.JAR.toAbsolutePath() + "'",
                "jmsbench_token_source: '" + root + "/ansible-machine/token'",
                "jmsbench_controller_token: '" + root + "/controller/token'", ""));
        return file;
    }

    private static Path scenario(Path root, String brokerUrl) throws IOException {
        Path file = root.resolve("ansible.yaml");
        Files.writeString(file, "name: ansible\n"
                + "broker: {url: \"" + brokerUrl + "\"}\n"
                + "destination: {type: topic, name: ansible.deployed}\n"
                + "publishers: {clients: 1, rate: 500}\n"
                + "subscribers:\n  - {clients: 2}\n"
                + "phases: {warmup: 2s, measure: 4s, drain: 10s}\n");
        return file;
    }

    record Ansible(int exit, String output, double seconds) {

        String recap() {
            int at = output.lastIndexOf("PLAY RECAP");
            return at < 0 ? "(no recap)\n" + output : output.substring(at).strip();
        }

        List<String> hosts() {
            List<String> hosts = new ArrayList<>();
            Matcher m = RECAP.matcher(recap());
            while (m.find()) {
                hosts.add(m.group(1));
            }
            return hosts;
        }

        int changed(String host) {
            Matcher m = RECAP.matcher(recap());
            while (m.find()) {
                if (m.group(1).equals(host)) {
                    return Integer.parseInt(m.group(3));
                }
            }
            throw new AssertionError("no " + host + " in " + recap());
        }

        void assertNoFailures() {
            List<String> hosts = hosts();
            assertTrue(hosts.containsAll(List.of("broker-1", "pub-1", "sub-1", "sub-2")), recap());
            Matcher m = RECAP.matcher(recap());
            while (m.find()) {
                assertEquals("0", m.group(4), "unreachable: " + recap());
                assertEquals("0", m.group(5), "failed: " + output);
            }
        }
    }

    private static Ansible ansible(Path root, Path inventory, Path vars, String playbook) throws Exception {
        Path out = root.resolve("ansible-" + System.nanoTime() + ".log");
        ProcessBuilder pb = new ProcessBuilder("ansible-playbook", "-i", inventory.toString(), "-e", "@" + vars,
                ANSIBLE.resolve(playbook).toString()).directory(ANSIBLE.toFile()).redirectErrorStream(true)
                .redirectOutput(out.toFile());
        pb.environment().put("ANSIBLE_CONFIG", ANSIBLE.resolve("ansible.cfg").toString());
        pb.environment().put("ANSIBLE_SSH_CONTROL_PATH_DIR", Files.createDirectories(root.resolve("cp")).toString());
        pb.environment().put("ANSIBLE_LOCAL_TEMP", Files.createDirectories(root.resolve("ansible-tmp")).toString());
        pb.environment().put("ANSIBLE_NOCOLOR", "1");
        long start = System.nanoTime();
        Process p = pb.start();
        if (!p.waitFor(240, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            throw new AssertionError(playbook + " did not finish within 240 s:\n" + Files.readString(out));
        }
        return new Ansible(p.exitValue(), Files.readString(out), Math.round((System.nanoTime() - start) / 1e8) / 10.0);
    }

    /** The agents and their supervisors started from the test's host directories, by whatever parent. */
    private static List<ProcessHandle> agents(Path root) {
        String hosts = root.resolve("hosts").toString();
        return ProcessHandle.allProcesses().filter(p -> p.info().commandLine().orElse("").contains(hosts)).toList();
    }

    private static List<ProcessHandle> awaitNoAgents(Path root, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        List<ProcessHandle> left = agents(root);
        while (!left.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(200);
            left = agents(root);
        }
        return left;
    }

    private static String describe(List<ProcessHandle> processes) {
        return processes.stream().map(p -> p.pid() + " " + p.info().commandLine().orElse("?")).toList().toString();
    }

    /** Waits until {@code host:port} accepts (and, when {@code gone} is given, no longer by that process). */
    private static void awaitPort(String host, int port, Duration timeout, Path log, ProcessHandle gone)
            throws Exception {
        if (gone != null) {
            gone.onExit().get(10, TimeUnit.SECONDS);
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(host, port), 1000);
                return;
            } catch (IOException notYet) {
                Thread.sleep(100);
            }
        }
        throw new AssertionError(host + ":" + port + " did not listen within " + timeout
                + (log == null ? "" : ":\n" + Files.readString(log)));
    }

    private static void command(Duration timeout, String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new AssertionError(String.join(" ", command) + " failed: " + output);
        }
    }
}
