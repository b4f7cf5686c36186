package io.jmsbench.broker.management;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * The messages an external broker holds, read from its management interface every 2 s on a
 * thread of its own, so that the point's per-second readings take the latest figure without
 * waiting on the broker ({@code -1} until the first answer, or once answers stop for 5 s). Each
 * read is bounded by the client's own timeout, and costs the broker a JMX connection: every 2 s,
 * not every second. Only a live interface is sampled: RabbitMQ's figures are as of its last
 * statistics period, up to 5 s old, too old to tell the window's edges apart.
 */
public final class DepthSampler implements AutoCloseable, LongSupplier {

    private static final Duration PERIOD = Duration.ofSeconds(2);
    private static final Duration STALE = Duration.ofSeconds(5);

    private final BrokerManagementClient client;
    private final Thread thread;
    private volatile long depth = -1;
    private volatile long readAt;
    private volatile boolean closed;

    private DepthSampler(BrokerManagementClient client) {
        this.client = client;
        this.thread = new Thread(this::loop, "broker-depth");
        this.thread.setDaemon(true);
    }

    /** A sampler reading {@code client}; {@code null} client: one that always answers {@code -1}. */
    public static DepthSampler start(BrokerManagementClient client) {
        DepthSampler sampler = new DepthSampler(client);
        if (client != null && client.live()) {
            sampler.thread.start();
        }
        return sampler;
    }

    private void loop() {
        while (!closed) {
            long started = System.nanoTime();
            try {
                BrokerReading reading = client.read();
                depth = reading.remaining();
                readAt = System.nanoTime();
            } catch (ManagementUnavailable e) {
                // told once, at the point's end, by the management window
            } catch (InterruptedException e) {
                return;
            }
            long left = PERIOD.toNanos() - (System.nanoTime() - started);
            if (left > 0) {
                try {
                    TimeUnit.NANOSECONDS.sleep(left);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }
    }

    /** The messages the broker held at its latest answer; {@code -1} when none is recent. */
    @Override
    public long getAsLong() {
        return System.nanoTime() - readAt > STALE.toNanos() ? -1 : depth;
    }

    @Override
    public void close() {
        closed = true;
        thread.interrupt();
        try {
            thread.join(BrokerManagementClient.TIMEOUT.toMillis() + 1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
