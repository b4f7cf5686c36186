package io.jmsbench.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Debian's activemq (5.17 on bookworm) started by a test, not as the package's service: the
 * package's activemq.xml copied under {@code dir} (as ACTIVEMQ_BASE, with conf/ and data/) with its
 * transport connectors moved to free loopback ports and JMX on (the package has it off) with a
 * connector on a free loopback port, run by the package's own launcher jar. Where the build copied
 * Jolokia's JVM agent (system property {@code jolokia.agent}, bench-controller's pom), the broker's
 * JVM carries it too, serving its MBeans as a stock ActiveMQ's web console does: at
 * {@code /api/jolokia} on a free loopback port, login admin/admin, under a policy that, like
 * ActiveMQ's own jolokia-access.xml, refuses a request without an Origin header.
 */
final class DebianActiveMq implements AutoCloseable {

    static final Path HOME = Path.of("/usr/share/activemq");
    static final Path LAUNCHER = HOME.resolve("bin/activemq.jar");
    static final Path PACKAGE_CONFIG = Path.of("/etc/activemq/instances-available/main/activemq.xml");
    static final Duration START_TIMEOUT = Duration.ofSeconds(90);

    private final int openwirePort;
    private final Integer amqpPort;
    private final int jmxPort;
    private final Integer jolokiaPort;
    private final Process broker;

    private DebianActiveMq(int openwirePort, Integer amqpPort, int jmxPort, Integer jolokiaPort, Process broker) {
        this.openwirePort = openwirePort;
        this.amqpPort = amqpPort;
        this.jmxPort = jmxPort;
        this.jolokiaPort = jolokiaPort;
        this.broker = broker;
    }

    /** Installs the package if it can (else skips the test), starts a broker and waits until it takes clients. */
    static DebianActiveMq start(Path dir) throws IOException, InterruptedException {
        DebianPackage.require("activemq", LAUNCHER);
        int[] ports = BrokerProcess.freePorts(5);
        Integer amqp = hasAmqpModule() ? ports[1] : null;
        Path conf = Files.createDirectories(dir.resolve("conf"));
        Path data = Files.createDirectories(dir.resolve("data"));
        Files.writeString(conf.resolve("activemq.xml"), config(Files.readString(PACKAGE_CONFIG), ports[0], amqp, ports[2], ports[3]));
        Path log = dir.resolve("activemq.log");
        Optional<Path> agent = jolokiaAgent();
        Integer jolokia = agent.isPresent() ? ports[4] : null;
        List<String> command = new ArrayList<>(List.of(java(), "-Xms512m", "-Xmx512m",
                "-Djava.rmi.server.hostname=127.0.0.1"));
        if (agent.isPresent()) {
            Path policy = Files.writeString(conf.resolve("jolokia-access.xml"), JOLOKIA_POLICY);
            command.add("-javaagent:" + agent.get() + "=host=127.0.0.1,port=" + jolokia + ",agentContext=/api/jolokia,"
                    + "user=admin,password=admin,discoveryEnabled=false,policyLocation=" + policy.toUri());
        }
        command.addAll(List.of("-Dactivemq.home=" + HOME,
                "-Dactivemq.base=" + dir, "-Dactivemq.conf=" + conf, "-Dactivemq.data=" + data,
                "-jar", LAUNCHER.toString(), "start", "xbean:file:" + conf.resolve("activemq.xml")));
        Process broker = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        try {
            BrokerProcess.await("activemq", broker, log, START_TIMEOUT, () -> BrokerProcess.accepts(ports[0])
                    && (amqp == null || BrokerProcess.accepts(amqp)) && BrokerProcess.accepts(ports[2])
                    && (jolokia == null || BrokerProcess.accepts(jolokia)));
        } catch (IOException | InterruptedException | RuntimeException e) {
            BrokerProcess.stopTree(broker);
            throw e;
        }
        return new DebianActiveMq(ports[0], amqp, ports[2], jolokia, broker);
    }

    /** Jolokia's policy as ActiveMQ ships it in spirit: reads only, and an Origin header required. */
    private static final String JOLOKIA_POLICY = """
            <restrict>
              <cors><strict-checking/></cors>
              <commands><command>read</command><command>list</command><command>search</command><command>version</command></commands>
            </restrict>
            """;

    /** The agent jar the build copied ({@code jolokia.agent}), if there is one. */
    static Optional<Path> jolokiaAgent() {
        return Optional.ofNullable(System.getProperty("jolokia.agent")).map(Path::of).filter(Files::isRegularFile);
    }

    /** Debian's package leaves out activemq-amqp (proton-j is not packaged): no AMQP connector then. */
    static boolean hasAmqpModule() {
        return Files.exists(HOME.resolve("lib/activemq-amqp.jar")) || Files.exists(HOME.resolve("lib/optional/activemq-amqp.jar"));
    }

    /**
     * The package's configuration with our connectors in place of its own, and JMX on with its RMI
     * registry on {@code jmx} and its connector server on {@code rmi}, both on loopback (the broker's
     * children must stay in alphabetical order: managementContext before persistenceAdapter).
     */
    static String config(String packaged, int openwire, Integer amqp, int jmx, int rmi) {
        String connectors = "<transportConnectors>\n"
                + "            <transportConnector name=\"openwire\" uri=\"tcp://127.0.0.1:" + openwire + "\"/>\n"
                + (amqp == null ? "" : "            <transportConnector name=\"amqp\" uri=\"amqp://127.0.0.1:" + amqp + "\"/>\n")
                + "        </transportConnectors>";
        String replaced = packaged.replaceFirst("(?s)<transportConnectors>.*</transportConnectors>",
                java.util.regex.Matcher.quoteReplacement(connectors));
        if (replaced.equals(packaged)) {
            throw new IllegalStateException("no <transportConnectors> in " + PACKAGE_CONFIG + " to replace");
        }
        String management = "<managementContext>\n"
                + "            <managementContext createConnector=\"true\" connectorHost=\"127.0.0.1\" connectorPort=\""
                + jmx + "\" rmiServerPort=\"" + rmi + "\"/>\n"
                + "        </managementContext>\n\n        <persistenceAdapter>";
        String withJmx = replaced.replaceFirst("useJmx=\"false\"", "useJmx=\"true\"")
                .replaceFirst("<persistenceAdapter>", java.util.regex.Matcher.quoteReplacement(management));
        if (!withJmx.contains("useJmx=\"true\"") || !withJmx.contains("createConnector")) {
            throw new IllegalStateException("no useJmx=\"false\" or <persistenceAdapter> in " + PACKAGE_CONFIG);
        }
        return withJmx;
    }

    /** The JVM Debian runs the package with, else this test's own. */
    private static String java() {
        Path debian = Path.of("/usr/lib/jvm/default-java/bin/java");
        return Files.isExecutable(debian) ? debian.toString()
                : Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** The broker's JVM: the process the controller must find listening on the OpenWire port. */
    long pid() {
        return broker.pid();
    }

    /** ActiveMQ's JMX connector, as broker.management.url. */
    String jmxUrl() {
        return "service:jmx:rmi:///jndi/rmi://127.0.0.1:" + jmxPort + "/jmxrmi";
    }

    /** The Jolokia agent's endpoint, as broker.management.url; empty when the broker runs without it. */
    Optional<String> jolokiaUrl() {
        return Optional.ofNullable(jolokiaPort).map(p -> "http://127.0.0.1:" + p + "/api/jolokia");
    }

    String openwireUrl() {
        return "tcp://127.0.0.1:" + openwirePort;
    }

    /** The AMQP URL, or empty where the package has no AMQP module. */
    Optional<String> amqpUrl() {
        return Optional.ofNullable(amqpPort).map(p -> "amqp://127.0.0.1:" + p);
    }

    @Override
    public void close() throws InterruptedException {
        BrokerProcess.stopTree(broker);
    }
}
