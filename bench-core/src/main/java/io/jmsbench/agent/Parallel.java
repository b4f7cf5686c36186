package io.jmsbench.agent;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
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

    /**
     * One item that failed: {@code item} as it prints ({@code toString}), {@code cause} one sentence
     * (the exception's class and message, or that it did not finish in time). Two fields, not one
     * "item: cause" string, so no caller has to cut the string apart again.
     */
    public record Failure(String item, String cause) {
    }

    private Parallel() {
    }

    /**
     * Applies {@code action} to every item; returns one failure per item that failed or did not
     * finish within {@code timeout}, in the items' order.
     */
    public static <T> List<Failure> forEach(List<T> items, Duration timeout, String what, Action<T> action) {
        List<Failure> failures = new ArrayList<>();
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
                    failures.add(new Failure(String.valueOf(items.get(i)), "did not finish " + what + " within "
                            + timeout.toMillis() + " ms"));
                    futures.get(i).cancel(true);
                } catch (ExecutionException e) {
                    Throwable cause = e.getCause();
                    failures.add(new Failure(String.valueOf(items.get(i)), cause.getClass().getSimpleName() + ": "
                            + cause.getMessage()));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    failures.add(new Failure(String.valueOf(items.get(i)), "interrupted"));
                }
            }
            return failures;
        } finally {
            pool.shutdownNow();
        }
    }
}
