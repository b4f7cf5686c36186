package io.jmsbench.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Debian's rabbitmq-server (3.10 on bookworm) started by a test, as root but not as the package's
 * service: its own node name, ports, epmd, Mnesia and log directories and config under {@code dir},
 * with the AMQP 1.0, JMS topic exchange and management plugins, and, when asked, a TLS listener
 * beside the plain one. {@link #close} ends the node, its helper processes and our epmd.
 */
final class DebianRabbitMq implements AutoCloseable {

    /** The package's version-independent launcher (it runs the node in the foreground). */
    static final Path SERVER = Path.of("/usr/lib/rabbitmq/bin/rabbitmq-server");
    static final Duration START_TIMEOUT = Duration.ofSeconds(90);

    /**
     * A TLS listener's PEM files (RabbitMQ reads no PKCS12): the CAs a client certificate must lead
     * to, the node's certificate and its unencrypted key; with {@code clientCertificate} every client
     * must present one ({@code verify_peer}, {@code fail_if_no_peer_cert}).
     */
    record Tls(Path caCertificates, Path certificate, Path key, boolean clientCertificate) {
    }

    private final int amqpPort;
    private final int managementPort;
    private final int tlsPort;
    private final Process epmd;
    private final Process node;

    private DebianRabbitMq(int amqpPort, int managementPort, int tlsPort, Process epmd, Process node) {
        this.amqpPort = amqpPort;
        this.managementPort = managementPort;
        this.tlsPort = tlsPort;
        this.epmd = epmd;
        this.node = node;
    }

    /** Installs the package if it can (else skips the test), starts a node and waits until it takes clients. */
    static DebianRabbitMq start(Path dir) throws IOException, InterruptedException {
        return start(dir, null);
    }

    /** As {@link #start(Path)}, with a TLS listener as {@code tls} says ({@code null}: none). */
    static DebianRabbitMq start(Path dir, Tls tls) throws IOException, InterruptedException {
        DebianPackage.require("rabbitmq-server", SERVER);
        int[] ports = BrokerProcess.freePorts(5);
        int amqp = ports[0];
        int management = ports[1];
        int distribution = ports[2];
        int epmdPort = ports[3];
        int tlsPort = tls == null ? -1 : ports[4];
        Files.createDirectories(dir);
        Path config = dir.resolve("rabbitmq.conf");
        List<String> lines = new ArrayList<>(List.of(
                "listeners.tcp.default = 127.0.0.1:" + amqp,
                "management.tcp.ip = 127.0.0.1",
                "management.tcp.port = " + management));
        if (tls != null) {
            // the AMQP 1.0 plugin serves this listener too, as it does the plain one
            lines.addAll(List.of(
                    "listeners.ssl.default = 127.0.0.1:" + tlsPort,
                    "ssl_options.cacertfile = " + tls.caCertificates(),
                    "ssl_options.certfile = " + tls.certificate(),
                    "ssl_options.keyfile = " + tls.key(),
                    "ssl_options.verify = " + (tls.clientCertificate() ? "verify_peer" : "verify_none"),
                    "ssl_options.fail_if_no_peer_cert = " + tls.clientCertificate()));
        }
        lines.add("");
        Files.writeString(config, String.join("\n", lines));
        Path plugins = dir.resolve("enabled_plugins");
        Files.writeString(plugins, "[rabbitmq_amqp1_0,rabbitmq_jms_topic_exchange,rabbitmq_management].\n");

        // our own epmd, in the foreground and on loopback: one the node started would daemonize and outlive the test
        ProcessBuilder epmdBuilder = new ProcessBuilder("epmd", "-port", Integer.toString(epmdPort))
                .redirectErrorStream(true).redirectOutput(dir.resolve("epmd.log").toFile());
        epmdBuilder.environment().put("ERL_EPMD_ADDRESS", "127.0.0.1");
        Process epmd = epmdBuilder.start();
        Process node = null;
        try {
            BrokerProcess.await("epmd", epmd, dir.resolve("epmd.log"), Duration.ofSeconds(10),
                    () -> BrokerProcess.accepts(epmdPort));
            Path log = dir.resolve("rabbitmq.log");
            ProcessBuilder builder = new ProcessBuilder(SERVER.toString()).directory(dir.toFile())
                    .redirectErrorStream(true).redirectOutput(log.toFile());
            Map<String, String> env = builder.environment();
            env.put("HOME", dir.toString()); // the Erlang cookie goes there
            env.put("RABBITMQ_CONF_ENV_FILE", dir.resolve("rabbitmq-env.conf").toString()); // none: not /etc's
            env.put("RABBITMQ_CONFIG_FILE", config.toString());
            env.put("RABBITMQ_ENABLED_PLUGINS_FILE", plugins.toString());
            env.put("RABBITMQ_NODENAME", "jmsbench-it-" + amqp + "@localhost");
            env.put("RABBITMQ_NODE_IP_ADDRESS", "127.0.0.1");
            env.put("RABBITMQ_NODE_PORT", Integer.toString(amqp));
            env.put("RABBITMQ_DIST_PORT", Integer.toString(distribution));
            env.put("ERL_EPMD_PORT", Integer.toString(epmdPort));
            env.put("RABBITMQ_SERVER_ADDITIONAL_ERL_ARGS", "-kernel inet_dist_use_interface {127,0,0,1}");
            env.put("RABBITMQ_MNESIA_BASE", dir.resolve("mnesia").toString());
            env.put("RABBITMQ_LOG_BASE", dir.resolve("log").toString());
            env.put("RABBITMQ_LOGS", "-"); // to our log file, where readiness is read
            env.put("RABBITMQ_PID_FILE", dir.resolve("rabbitmq.pid").toString());
            node = builder.start();
            // the listener opens before the plugins have all booted: "Server startup complete" comes after both
            BrokerProcess.await("rabbitmq-server", node, log, START_TIMEOUT,
                    () -> logSays(log, "Server startup complete") && BrokerProcess.accepts(amqp)
                            && (tls == null || BrokerProcess.accepts(tlsPort)));
            return new DebianRabbitMq(amqp, management, tlsPort, epmd, node);
        } catch (IOException | InterruptedException | RuntimeException e) {
            BrokerProcess.stopTree(node);
            BrokerProcess.stopTree(epmd);
            throw e;
        }
    }

    private static boolean logSays(Path log, String text) {
        try {
            return Files.exists(log) && Files.readString(log, java.nio.charset.StandardCharsets.ISO_8859_1).contains(text);
        } catch (IOException e) {
            return false;
        }
    }

    /** AMQP 0-9-1 and, through the plugin, AMQP 1.0 on the same port. */
    String url() {
        return "amqp://127.0.0.1:" + amqpPort;
    }

    /** The TLS listener, by the name its certificate carries: AMQP 0-9-1 and AMQP 1.0 over TLS. */
    String tlsUrl() {
        if (tlsPort < 0) {
            throw new IllegalStateException("this node was started without TLS");
        }
        return "amqps://localhost:" + tlsPort;
    }

    int managementPort() {
        return managementPort;
    }

    /** The management plugin's HTTP API, as broker.management.url (guest/guest, the default, on loopback). */
    String managementUrl() {
        return "http://127.0.0.1:" + managementPort;
    }

    @Override
    public void close() throws InterruptedException {
        try {
            BrokerProcess.stopTree(node);
        } finally {
            BrokerProcess.stopTree(epmd);
        }
    }
}
