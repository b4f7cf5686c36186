package io.jmsbench.it;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A class's runs of jmsbench started together in a fixed number of lanes (each lane takes the next
 * run when its own ends, in the order submitted), and each awaited by the test that checks it. For a
 * class that runs alone (JUnit then runs its tests one after the other) whose runs may go side by
 * side: their JVMs mostly wait for a fixed window, so two at once take little more than one.
 */
final class Lanes<T> implements AutoCloseable {

    private final ExecutorService pool;
    private final Map<String, Future<T>> runs = new LinkedHashMap<>();

    Lanes(int lanes, String name) {
        AtomicInteger count = new AtomicInteger();
        this.pool = Executors.newFixedThreadPool(lanes, r -> {
            Thread t = new Thread(r, name + "-lane-" + count.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    /** Queues {@code run} as {@code key}; submit the longest first, so that the lanes end together. */
    synchronized void submit(String key, Callable<T> run) {
        if (runs.containsKey(key)) {
            throw new IllegalArgumentException("a run named " + key + " was submitted already");
        }
        runs.put(key, pool.submit(run));
    }

    /** What the run {@code key} gave, once it ended; its own failure (an assertion too) is rethrown as it was. */
    T await(String key) throws Exception {
        Future<T> run;
        synchronized (this) {
            run = runs.get(key);
        }
        if (run == null) {
            throw new IllegalArgumentException("no run named " + key + " was submitted");
        }
        try {
            return run.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Exception cause) {
                throw cause;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw e;
        }
    }

    /**
     * Waits for every run, a test that failed before awaiting its own too: each run has a timeout of
     * its own and stops its JVMs at it, which an interrupt would not do.
     */
    @Override
    public void close() throws InterruptedException {
        pool.shutdown();
        if (!pool.awaitTermination(30, TimeUnit.MINUTES)) {
            throw new IllegalStateException("runs still going after 30 minutes: " + runs.keySet());
        }
    }
}
