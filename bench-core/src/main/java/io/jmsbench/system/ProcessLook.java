package io.jmsbench.system;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the process found on the broker's port looks like, from its name and command line
 * (/proc/PID/comm and cmdline): a broker (a JVM whose jar or main class is a broker's, RabbitMQ's
 * Erlang VM, a known broker binary), a port forwarder or proxy ({@code socat}, {@code kubectl
 * port-forward}, an SSH tunnel...), or a process of neither kind. Only a broker's, or one the
 * user named, is measured as the broker: a forwarder's CPU is not the broker's.
 *
 * @param kind      {@link #BROKER}, {@link #NAMED}, {@link #FORWARDER} or {@link #UNKNOWN}
 * @param looksLike what it was taken for, for the console and the report ("ActiveMQ Classic
 *                  (activemq.jar)", "socat, a port forwarder", "a JVM running com.example.Main")
 */
public record ProcessLook(String kind, String looksLike) {

    public static final String BROKER = "broker";
    public static final String NAMED = "named";
    public static final String FORWARDER = "forwarder";
    public static final String UNKNOWN = "unknown";

    /** An argument of a JVM's command line that names a broker's main class or jar, and the broker's name. */
    private static final Map<String, String> BROKER_JVM_MARKERS = Map.of(
            "org.apache.activemq.console.Main", "ActiveMQ Classic",
            "activemq.jar", "ActiveMQ Classic",
            "org.apache.activemq.artemis.boot.Artemis", "ActiveMQ Artemis",
            "artemis-boot.jar", "ActiveMQ Artemis",
            "org.apache.qpid.server.Main", "Qpid Broker-J",
            "com.sun.messaging.jmq.jmsserver.Broker", "Open Message Queue",
            "org.jboss.modules.Main", "WildFly or JBoss EAP (its messaging subsystem)",
            "jboss-modules.jar", "WildFly or JBoss EAP (its messaging subsystem)");
    /** jmsbench's own CLI, a broker when its command is {@code broker}. */
    private static final Set<String> JMSBENCH_MAIN = Set.of("io.jmsbench.cli.Main");
    private static final Map<String, String> BROKER_BINARIES = Map.of(
            "beam.smp", "RabbitMQ (Erlang's beam.smp)",
            "qpidd", "the Qpid C++ broker",
            "solacedaemon", "a Solace broker");
    private static final Set<String> FORWARDERS = Set.of("socat", "ssh", "sshd", "kubectl", "oc", "haproxy", "nginx",
            "envoy", "stunnel", "stunnel4", "rinetd", "redir", "nc", "ncat", "netcat", "toxiproxy", "toxiproxy-server",
            "toxiproxy-serve", "docker-proxy", "rootlessport", "slirp4netns", "pasta", "gost", "tcpproxy",
            "simpleproxy", "balance", "pen", "traefik", "caddy", "frpc", "frps", "chisel", "ngrok", "sslh");

    /** What the process {@code pid} looks like; unknown when /proc does not tell. */
    public static ProcessLook of(long pid) {
        Path dir = Path.of("/proc", Long.toString(pid));
        try {
            String comm = Files.readString(dir.resolve("comm")).strip();
            byte[] raw = Files.readAllBytes(dir.resolve("cmdline"));
            String line = new String(raw, StandardCharsets.UTF_8);
            List<String> argv = line.isEmpty() ? List.of() : Arrays.asList(line.split("\0"));
            return of(comm, argv);
        } catch (IOException | RuntimeException e) {
            return new ProcessLook(UNKNOWN, "a process whose command line /proc does not show");
        }
    }

    /** The decision on a process's name ({@code comm}) and its arguments ({@code argv}, the program first). */
    public static ProcessLook of(String comm, List<String> argv) {
        String program = argv.isEmpty() ? comm : basename(argv.get(0));
        for (String name : List.of(comm, program)) {
            if (BROKER_BINARIES.containsKey(name)) {
                return new ProcessLook(BROKER, BROKER_BINARIES.get(name));
            }
        }
        if (comm.equals("java") || program.equals("java")) {
            return jvm(argv);
        }
        for (String name : List.of(comm, program)) {
            if (FORWARDERS.contains(name)) {
                return new ProcessLook(FORWARDER, name + ", a port forwarder or proxy");
            }
        }
        return new ProcessLook(UNKNOWN, "'" + (program.isEmpty() ? comm : program) + "', not a broker jmsbench knows");
    }

    private static ProcessLook jvm(List<String> argv) {
        int jmsbench = -1;
        for (int i = 1; i < argv.size(); i++) {
            String arg = argv.get(i);
            String name = basename(arg);
            for (Map.Entry<String, String> m : BROKER_JVM_MARKERS.entrySet()) {
                if (arg.equals(m.getKey()) || name.equals(m.getKey())) {
                    return new ProcessLook(BROKER, m.getValue() + " (" + m.getKey() + ")");
                }
            }
            if (JMSBENCH_MAIN.contains(arg) || name.startsWith("jmsbench") && name.endsWith(".jar")) {
                jmsbench = i;
            }
        }
        if (jmsbench > 0 && jmsbench + 1 < argv.size() && argv.get(jmsbench + 1).equals("broker")) {
            return new ProcessLook(BROKER, "jmsbench broker");
        }
        return new ProcessLook(UNKNOWN, "a JVM running " + main(argv) + ", not a broker jmsbench knows");
    }

    /** A JVM's main class or jar: the first argument that is not an option or an option's value. */
    static String main(List<String> argv) {
        for (int i = 1; i < argv.size(); i++) {
            String arg = argv.get(i);
            if (arg.equals("-jar") && i + 1 < argv.size()) {
                return basename(argv.get(i + 1));
            }
            if (arg.equals("-cp") || arg.equals("-classpath") || arg.equals("--class-path") || arg.equals("-p")
                    || arg.equals("--module-path") || arg.equals("--add-opens") || arg.equals("--add-exports")) {
                i++;
            } else if (!arg.startsWith("-")) {
                return arg;
            }
        }
        return "an unknown main class";
    }

    private static String basename(String path) {
        int slash = path.lastIndexOf('/');
        return slash < 0 ? path : path.substring(slash + 1);
    }

    /** Whether its CPU may be measured as the broker's: it looks like one, or the user named it. */
    public boolean measurable() {
        return kind.equals(BROKER) || kind.equals(NAMED);
    }

    /** The same process, named by the user ({@code --broker-pid}, {@code --broker-port}) whatever it looks like. */
    public ProcessLook named(String how) {
        return new ProcessLook(NAMED, looksLike + ", named by " + how);
    }
}
