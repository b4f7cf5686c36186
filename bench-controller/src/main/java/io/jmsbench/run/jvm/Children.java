package io.jmsbench.run.jvm;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Every JVM a run started; closing stops them all: the clients' JVMs first (SIGTERM, then SIGKILL
 * to the slow), the broker last, so no client sees its broker vanish while it still runs.
 */
public final class Children implements AutoCloseable {

    private static final long GRACE_MS = 10_000;
    private final List<ChildJvm> clients = new ArrayList<>();
    private final List<ChildJvm> servers = new ArrayList<>();

    public synchronized ChildJvm add(ChildJvm child) {
        clients.add(child);
        return child;
    }

    /** A JVM others depend on (the broker): stopped after every {@link #add}ed one. */
    public synchronized ChildJvm addServer(ChildJvm child) {
        servers.add(child);
        return child;
    }

    @Override
    public synchronized void close() {
        stop(clients);
        stop(servers);
    }

    private static void stop(List<ChildJvm> children) {
        for (ChildJvm child : children) {
            if (child.isAlive()) {
                child.handle().destroy();
            }
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(GRACE_MS);
        for (ChildJvm child : children) {
            try {
                child.handle().onExit().get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (Exception e) {
                child.handle().destroyForcibly();
            }
        }
        for (ChildJvm child : children) {
            child.close();
        }
    }
}
