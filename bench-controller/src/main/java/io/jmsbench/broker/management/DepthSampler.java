package io.jmsbench.broker.management;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
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
    private final CountDownLatch stop = new CountDownLatch(1);

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
            try {
                if (left > 0 && stop.await(left, TimeUnit.NANOSECONDS)) {
                    return;
                }
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** The messages the broker held at its latest answer; {@code -1} when none is recent. */
    @Override
    public long getAsLong() {
        return System.nanoTime() - readAt > STALE.toNanos() ? -1 : depth;
    }

    /**
     * Stops the sampling, letting a read under way end by itself first: interrupted, Artemis's core
     * client logs its wait for the broker's topology cut short as a warning with a stack trace
     * (AMQ212064) on the run's console, for a reading nobody wanted any more. Only a read that
     * outlasts its own bound and a second is interrupted.
     */
    @Override
    public void close() {
        closed = true;
        stop.countDown();
        try {
            thread.join(BrokerManagementClient.TIMEOUT.toMillis() + 1000);
            if (thread.isAlive()) {
                thread.interrupt();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
