package io.jmsbench.it;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.CountDownLatch;

/**
 * Debian's RabbitMQ and ActiveMQ for the scripts that measure against them
 * (scripts/lib/bench-common.sh): {@code DebianBrokerMain rabbitmq|activemq DIR READY_FILE} starts a
 * broker of its own in DIR, as the tests do, writes its URLs (and its management interface's) to
 * READY_FILE once it takes clients (ActiveMQ's Jolokia too, as {@code jolokia}, when run with
 * {@code -Djolokia.agent=bench-controller/target/jolokia/jolokia-agent.jar}), and stops it when terminated. The package must be installed
 * (.ci/run installs both); exit 3 with one sentence when it is not.
 */
public final class DebianBrokerMain {

    private DebianBrokerMain() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 3 || !args[0].matches("rabbitmq|activemq")) {
            System.err.println("usage: DebianBrokerMain rabbitmq|activemq DIR READY_FILE");
            System.exit(2);
        }
        boolean rabbitmq = args[0].equals("rabbitmq");
        Path launcher = rabbitmq ? DebianRabbitMq.SERVER : DebianActiveMq.LAUNCHER;
        if (!Files.exists(launcher)) {
            System.err.println("Debian's " + (rabbitmq ? "rabbitmq-server" : "activemq") + " is not installed ("
                    + launcher + "): apt-get install " + (rabbitmq ? "rabbitmq-server" : "activemq"));
            System.exit(3);
        }
        AutoCloseable node;
        String urls;
        if (rabbitmq) {
            DebianRabbitMq r = DebianRabbitMq.start(Path.of(args[1]));
            node = r;
            urls = "\"rabbitmqJms\": \"" + r.url() + "\", \"amqp\": \"" + r.url() + "\", \"management\": \""
                    + r.managementUrl() + "\"";
        } else {
            DebianActiveMq a = DebianActiveMq.start(Path.of(args[1]));
            node = a;
            urls = "\"openwire\": \"" + a.openwireUrl() + "\", \"management\": \"" + a.jmxUrl() + "\""
                    + a.jolokiaUrl().map(j -> ", \"jolokia\": \"" + j + "\"").orElse("");
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                node.close();
            } catch (Exception e) {
                System.err.println("could not stop the broker: " + e);
            } finally {
                stopped.countDown();
            }
        }, "rabbitmq-stop"));
        Path ready = Path.of(args[2]);
        Path written = ready.resolveSibling(ready.getFileName() + ".tmp");
        Files.writeString(written, "{\"kind\": \"" + args[0] + "\", " + urls + "}\n", StandardCharsets.UTF_8);
        Files.move(written, ready, StandardCopyOption.ATOMIC_MOVE);
        stopped.await();
    }
}
