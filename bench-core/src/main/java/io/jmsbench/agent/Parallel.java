package io.jmsbench.agent;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/** Runs a blocking action for many clients at once (connecting, closing), with one overall bound. */
public final class Parallel {

    /** Enough to hide connection round trips without a thread per client for hundreds of clients. */
    private static final int MAX_THREADS = 16;

    public interface Action<T> {
        void run(T item) throws Exception;
    }

    private Parallel() {
    }

    /**
     * Applies {@code action} to every item; returns one message per item that failed or did not
     * finish within {@code timeout} (indexes align with nothing: the message names the item).
     */
    public static <T> List<String> forEach(List<T> items, Duration timeout, String what, Action<T> action) {
        List<String> failures = new ArrayList<>();
        if (items.isEmpty()) {
            return failures;
        }
        AtomicInteger n = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(MAX_THREADS, items.size()), r -> {
            Thread t = new Thread(r, what + "-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (T item : items) {
                futures.add(pool.submit(() -> {
                    action.run(item);
                    return null;
                }));
            }
            long deadline = System.nanoTime() + timeout.toNanos();
            for (int i = 0; i < futures.size(); i++) {
                try {
                    futures.get(i).get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                } catch (TimeoutException e) {
                    failures.add(items.get(i) + ": did not finish " + what + " within " + timeout.toMillis() + " ms");
                    futures.get(i).cancel(true);
                } catch (java.util.concurrent.ExecutionException e) {
                    Throwable cause = e.getCause();
                    failures.add(items.get(i) + ": " + cause.getClass().getSimpleName() + ": " + cause.getMessage());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    failures.add(items.get(i) + ": interrupted");
                }
            }
            return failures;
        } finally {
            pool.shutdownNow();
        }
    }
}
