package io.jmsbench.run;

import io.jmsbench.broker.BrokerPorts;
import io.jmsbench.broker.BrokerState;
import io.jmsbench.broker.BrokerStatusClient;
import io.jmsbench.broker.BrokerUnavailable;
import io.jmsbench.broker.BrokerUrls;
import io.jmsbench.run.faults.BrokerLifecycle;
import io.jmsbench.run.faults.Signals;
import io.jmsbench.run.jvm.Children;
import io.jmsbench.run.point.BrokerJvm;
import io.jmsbench.run.stop.RunAborted;
import io.jmsbench.run.stop.RunSignal;
import io.jmsbench.scenario.BrokerTuning;
import io.jmsbench.system.CpuList;
import io.jmsbench.system.ProcessResources;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The embedded broker's JVM for the length of a point, also across the faults that kill or stop
 * it: started again on the same store and ports, its process is another one, whose CPU time adds
 * to that of the processes before it. Written by the faults' thread, read by the point's.
 */
final class LiveBroker implements BrokerJvm, BrokerLifecycle {

    private static final Duration STOP_GRACE = Duration.ofSeconds(30);

    private final Children children;
    private final Path runDirectory;
    private final String name;
    private final String kind;
    private final Path data;
    private final boolean persistent;
    private final BrokerTuning tuning;
    private final RunSignal signal;
    private final BrokerPorts ports;
    private final boolean persistRedelivered;
    private final CpuList cpus;
    private final String log;
    private volatile ProcessHandle process;
    /** Where the broker's state is asked, and with which token: its status server changes with each start. */
    private volatile BrokerUrls urls;
    /** CPU time of the broker's earlier processes. */
    private volatile long earlierCpuNanos;
    /** Between a kill or stop and the start after it: down by design. */
    private volatile boolean restarting;
    /** Why it could not be started again, once that happened. */
    private volatile String failure;

    private LiveBroker(Children children, Path runDirectory, String name, String kind, Path data, boolean persistent,
                       BrokerTuning tuning, RunSignal signal, BrokerUrls urls, boolean persistRedelivered,
                       CpuList cpus) {
        this.children = children;
        this.runDirectory = runDirectory;
        this.name = name;
        this.kind = kind;
        this.data = data;
        this.persistent = persistent;
        this.tuning = tuning;
        this.signal = signal;
        this.ports = BrokerPorts.of(urls);
        this.persistRedelivered = persistRedelivered;
        this.cpus = cpus;
        this.log = runDirectory.resolve("logs").resolve(name + ".log").toString();
        this.process = ProcessHandle.of(urls.pid()).orElse(null);
        this.urls = urls;
    }

    /**
     * Starts the broker's JVM under {@code children}; returns it with the URLs it serves. With
     * {@code restartable} (faults will kill or stop it) the redelivered flag is kept in the store.
     * It runs, and runs again after a fault, on {@code cpus} ({@code null}: anywhere).
     */
    static Started start(Children children, Path runDirectory, String name, String kind, Path data, boolean persistent,
                         BrokerTuning tuning, RunSignal signal, boolean restartable, CpuList cpus)
            throws IOException, BrokerUnavailable, RunAborted, InterruptedException {
        BrokerUrls urls = BrokerProcess.start(children, runDirectory, name, kind, data, persistent, tuning, signal,
                BrokerPorts.ANY, restartable, cpus);
        return new Started(new LiveBroker(children, runDirectory, name, kind, data, persistent, tuning, signal, urls,
                restartable, cpus), urls);
    }

    record Started(LiveBroker broker, BrokerUrls urls) {
    }

    @Override
    public long pid() {
        ProcessHandle p = process;
        return p == null ? -1 : p.pid();
    }

    ProcessHandle process() {
        return process;
    }

    /** Whether a fault killed or stopped it: its own counts then cover only its last life. */
    boolean restarted() {
        return earlierCpuNanos != 0 || restarting || failure != null;
    }

    @Override
    public long cpuNanos() {
        if (restarting) {
            return earlierCpuNanos; // the process being ended counts there already
        }
        ProcessHandle p = process;
        long now = p == null ? -1 : p.info().totalCpuDuration().map(Duration::toNanos).orElse(-1L);
        return now < 0 ? -1 : earlierCpuNanos + now;
    }

    @Override
    public ProcessResources resources() {
        ProcessHandle p = process;
        return p == null || !p.isAlive() ? ProcessResources.UNKNOWN : ProcessResources.read(p.pid());
    }

    @Override
    public String down() {
        if (failure != null) {
            return failure;
        }
        ProcessHandle p = process;
        if (restarting || p == null || p.isAlive()) {
            return null;
        }
        return "the broker JVM (pid " + p.pid() + ") died; see its log in " + log;
    }

    /** The broker's limits and what its destinations hold, asked of the broker itself within a bound. */
    BrokerState state() throws IOException, InterruptedException {
        BrokerUrls u = urls;
        if (u.status() == null) {
            throw new IOException("the broker serves no status");
        }
        return BrokerStatusClient.read(u.status(), u.statusToken());
    }

    @Override
    public String pause() {
        return Signals.send(process, Signals.STOP);
    }

    @Override
    public String resume() {
        return Signals.send(process, Signals.CONT);
    }

    @Override
    public String kill() {
        return end(true);
    }

    @Override
    public String stop() {
        return end(false);
    }

    /** Kills or stops the broker's process and waits until it is gone, its CPU time kept. */
    private String end(boolean kill) {
        ProcessHandle p = process;
        if (p == null || !p.isAlive()) {
            return "the broker's process is not running";
        }
        long cpu = p.info().totalCpuDuration().map(Duration::toNanos).orElse(0L);
        restarting = true;
        earlierCpuNanos += cpu;
        if (kill) {
            p.destroyForcibly();
        } else {
            p.destroy();
        }
        try {
            p.onExit().get(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS);
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // it was told to end; the start after it waits anyway
            return null;
        } catch (ExecutionException | TimeoutException e) {
            p.destroyForcibly();
            return kill ? null : "the broker did not stop within " + STOP_GRACE.toSeconds() + " s; killed";
        }
    }

    @Override
    public String start() {
        ProcessHandle old = process;
        if (old != null && old.isAlive()) {
            old.destroyForcibly(); // never two brokers on one store
            old.onExit().join();
        }
        try {
            BrokerUrls urls = BrokerProcess.start(children, runDirectory, name, kind, data, persistent, tuning, signal,
                    ports, persistRedelivered, cpus);
            process = ProcessHandle.of(urls.pid()).orElse(null);
            this.urls = urls;
            return null;
        } catch (IOException | BrokerUnavailable | RunAborted e) {
            failure = "the broker could not be started again after a fault: " + e.getMessage();
            return e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            failure = "the broker's start after a fault was interrupted";
            return "interrupted";
        } finally {
            restarting = false;
        }
    }
}
