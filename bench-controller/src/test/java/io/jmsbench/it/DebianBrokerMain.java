package io.jmsbench.it;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.CountDownLatch;

/**
 * Debian's RabbitMQ for the scripts that measure against it (scripts/lib/bench-common.sh):
 * {@code DebianBrokerMain rabbitmq DIR READY_FILE} starts a node of its own in DIR, as the tests do,
 * writes its URLs to READY_FILE once it takes clients, and stops the node when terminated.
 * The package must be installed (.ci/run installs it); exit 3 with one sentence when it is not.
 */
public final class DebianBrokerMain {

    private DebianBrokerMain() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 3 || !args[0].equals("rabbitmq")) {
            System.err.println("usage: DebianBrokerMain rabbitmq DIR READY_FILE");
            System.exit(2);
        }
        if (!Files.isExecutable(DebianRabbitMq.SERVER)) {
            System.err.println("Debian's rabbitmq-server is not installed (" + DebianRabbitMq.SERVER
                    + "): apt-get install rabbitmq-server");
            System.exit(3);
        }
        DebianRabbitMq node = DebianRabbitMq.start(Path.of(args[1]));
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                node.close();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                stopped.countDown();
            }
        }, "rabbitmq-stop"));
        Path ready = Path.of(args[2]);
        Path written = ready.resolveSibling(ready.getFileName() + ".tmp");
        Files.writeString(written, "{\"kind\": \"rabbitmq\", \"rabbitmqJms\": \"" + node.url() + "\", \"amqp\": \""
                + node.url() + "\", \"management\": \"" + node.managementUrl() + "\"}\n", StandardCharsets.UTF_8);
        Files.move(written, ready, StandardCopyOption.ATOMIC_MOVE);
        stopped.await();
    }
}
