package io.jmsbench.run.faults;

import io.jmsbench.run.point.Faults;
import io.jmsbench.scenario.FaultSpec;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A scenario's {@code faults} against the embedded broker's JVM, on one thread of their own so
 * that the point's samples go on through them. A paused broker is always resumed: when its time
 * is up, when the schedule is stopped, and when the thread is interrupted.
 */
public final class BrokerFaults implements Faults {

    private static final Duration JOIN = Duration.ofSeconds(10);

    /** One fault of the schedule: when it starts and what it does. */
    private record Planned(Duration start, FaultSpec spec) {
    }

    private final ProcessHandle broker;
    private final List<Planned> planned = new ArrayList<>();
    private final List<FaultEvent> events = new ArrayList<>();
    private Thread thread;

    public BrokerFaults(List<FaultSpec> specs, ProcessHandle broker) {
        this.broker = broker;
        for (FaultSpec spec : specs) {
            spec.starts().forEach(start -> planned.add(new Planned(start, spec)));
        }
        planned.sort(Comparator.comparing(Planned::start));
    }

    @Override
    public synchronized void start(long publishStartNanos) {
        thread = new Thread(() -> runSchedule(publishStartNanos), "broker-faults");
        thread.setDaemon(true);
        thread.start();
    }

    private void runSchedule(long publishStartNanos) {
        for (Planned p : planned) {
            long startNanos = publishStartNanos + p.start().toNanos();
            try {
                sleepUntil(startNanos);
            } catch (InterruptedException e) {
                return;
            }
            inject(p, publishStartNanos);
            if (Thread.currentThread().isInterrupted()) {
                return;
            }
        }
    }

    /** One pause: SIGSTOP, {@code downFor}, SIGCONT, the SIGCONT sent even when interrupted. */
    private void inject(Planned p, long publishStartNanos) {
        double at = (System.nanoTime() - publishStartNanos) / 1e9;
        String error = Signals.send(broker, Signals.STOP);
        if (error != null) {
            record(new FaultEvent(p.spec().action().yamlName(), at, 0, error));
            return;
        }
        long stopped = System.nanoTime();
        boolean interrupted = false;
        try {
            sleepUntil(stopped + p.spec().downFor().toNanos());
        } catch (InterruptedException e) {
            interrupted = true; // resume first, with the flag clear so that kill(1) can be waited for
        }
        String resumeError = Signals.send(broker, Signals.CONT);
        record(new FaultEvent(p.spec().action().yamlName(), at, (System.nanoTime() - stopped) / 1e9,
                resumeError == null ? null : "the broker could not be resumed: " + resumeError));
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private synchronized void record(FaultEvent event) {
        events.add(event);
    }

    private static void sleepUntil(long nanos) throws InterruptedException {
        long left = nanos - System.nanoTime();
        if (left > 0) {
            TimeUnit.NANOSECONDS.sleep(left);
        }
    }

    @Override
    public List<FaultEvent> stop() {
        Thread running;
        synchronized (this) {
            running = thread;
        }
        if (running != null) {
            running.interrupt();
            try {
                running.join(JOIN.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (running.isAlive()) {
                // its SIGCONT may not have gone out: send one more, which a running process ignores
                Signals.send(broker, Signals.CONT);
            }
        }
        synchronized (this) {
            return List.copyOf(events);
        }
    }
}
