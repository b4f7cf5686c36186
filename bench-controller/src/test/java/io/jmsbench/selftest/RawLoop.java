package io.jmsbench.selftest;

import io.jmsbench.jms.ConnectionFactories;
import io.jmsbench.protocol.DeliveryPlan;
import io.jmsbench.protocol.Provider;
import jakarta.jms.BytesMessage;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.DeliveryMode;
import jakarta.jms.Destination;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * The yardstick for the harness's own cost (scripts/bench-harness.sh): the plainest JMS send or
 * receive loop, one connection, session and producer or consumer per thread, the same
 * connection-factory settings as jmsbench, no properties, no audit, no latency. It counts over a
 * window and prints one JSON line: msgs/s and this JVM's CPU per message.
 *
 * <pre>RawLoop send|receive PROVIDER URL topic|queue NAME THREADS PERSISTENT WINDOW_FILE MEASURE_S [RATE]</pre>
 *
 * <p>PROVIDER as in a scenario ({@code openwire}, {@code amqp}, {@code core}, {@code rabbitmq-jms});
 * NAME as the broker wants it (RabbitMQ's AMQP 1.0 plugin: {@code /queue/NAME}, as jmsbench addresses it).
 *
 * <p>Once connected it prints {@code ready} and waits for WINDOW_FILE to hold the window's start
 * in epoch milliseconds: the script writes it once both JVMs are running, so the sender and the
 * receiver count over the same seconds, as jmsbench's controller does for its agents.
 *
 * <p>With RATE (msgs/s, all threads together; a sender only), each thread sends message k at
 * k x threads / RATE seconds after it started, parking until then as jmsbench's paced publisher does.
 */
public final class RawLoop {

    public static void main(String[] args) throws Exception {
        boolean send = args[0].equals("send");
        Provider provider = Provider.valueOf(args[1].toUpperCase(Locale.ROOT).replace('-', '_'));
        String url = args[2];
        boolean topic = args[3].equals("topic");
        String name = args[4];
        int threads = Integer.parseInt(args[5]);
        boolean persistent = Boolean.parseBoolean(args[6]);
        Path windowFile = Path.of(args[7]);
        long measureMs = Long.parseLong(args[8]) * 1000;
        // nanoseconds between one thread's messages; 0: as fast as send() returns
        double interval = args.length > 9 ? threads * 1e9 / Double.parseDouble(args[9]) : 0;

        // the connection-factory settings jmsbench's publishers and subscribers use
        ConnectionFactory factory = send ? ConnectionFactories.create(provider, url)
                : ConnectionFactories.createForSubscribers(provider, url,
                        new DeliveryPlan(persistent, DeliveryPlan.AckMode.AUTO, false, 1, 1, false), null);
        List<AtomicLong> counts = new ArrayList<>();
        List<Connection> connections = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            AtomicLong count = new AtomicLong();
            counts.add(count);
            Connection connection = factory.createConnection();
            connections.add(connection);
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            Destination destination = topic ? session.createTopic(name) : session.createQueue(name);
            if (send) {
                MessageProducer producer = session.createProducer(destination);
                producer.setDeliveryMode(persistent ? DeliveryMode.PERSISTENT : DeliveryMode.NON_PERSISTENT);
                BytesMessage message = session.createBytesMessage();
                message.writeBytes(new byte[1024]);
                // read-only from here, as jmsbench's publisher sends its messages: rabbitmq-jms then sends
                // the body as it is, where a writable one is copied out of its stream on every send
                message.reset();
                Thread thread = new Thread(() -> {
                    long n = 0;
                    long start = System.nanoTime();
                    try {
                        while (true) {
                            if (interval > 0) {
                                long due = start + (long) (n * interval);
                                long wait;
                                while ((wait = due - System.nanoTime()) > 0) {
                                    LockSupport.parkNanos(wait);
                                }
                            }
                            producer.send(message);
                            count.lazySet(++n);
                        }
                    } catch (Exception e) {
                        // the connection closes at the end
                    }
                });
                thread.setDaemon(true);
                thread.start();
            } else {
                MessageConsumer consumer = session.createConsumer(destination);
                long[] n = new long[1];
                consumer.setMessageListener(m -> count.lazySet(++n[0]));
                connection.start();
            }
        }
        System.err.println("ready");
        long windowStart = windowStart(windowFile);
        Thread.sleep(Math.max(0, windowStart - System.currentTimeMillis()));
        long c0 = total(counts);
        long cpu0 = cpuNanos();
        long t0 = System.nanoTime();
        Thread.sleep(measureMs);
        long c1 = total(counts);
        long cpu1 = cpuNanos();
        long t1 = System.nanoTime();
        double rate = (c1 - c0) * 1e9 / (t1 - t0);
        System.out.printf(Locale.ROOT, "{\"rate\":%.1f,\"cores\":%.4f,\"cpuNanosPerMessage\":%.1f}%n", rate,
                (double) (cpu1 - cpu0) / (t1 - t0), c1 == c0 ? Double.NaN : (double) (cpu1 - cpu0) / (c1 - c0));
        System.out.flush();
        for (Connection c : connections) {
            try {
                c.close();
            } catch (Exception ignored) {
                // exiting anyway
            }
        }
        System.exit(0);
    }

    /** The epoch millisecond the script wrote to {@code file}; exits if none comes within two minutes. */
    private static long windowStart(Path file) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (System.nanoTime() < deadline) {
            if (Files.exists(file)) {
                String text = Files.readString(file).trim();
                if (text.endsWith(";")) { // written whole
                    return Long.parseLong(text.substring(0, text.length() - 1));
                }
            }
            Thread.sleep(20);
        }
        System.err.println("no window start in " + file + " within 2 minutes");
        System.exit(3);
        return 0;
    }

    private static long total(List<AtomicLong> counts) {
        long sum = 0;
        for (AtomicLong c : counts) {
            sum += c.get();
        }
        return sum;
    }

    private static long cpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }
}
