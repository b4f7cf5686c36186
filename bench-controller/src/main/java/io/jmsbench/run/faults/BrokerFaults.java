package io.jmsbench.run.faults;

import io.jmsbench.metrics.EpochClock;
import io.jmsbench.run.point.Faults;
import io.jmsbench.scenario.FaultAction;
import io.jmsbench.scenario.FaultSpec;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * A scenario's {@code faults} against the broker, on one thread of their own so that the point's
 * samples go on through them: its process (paused, killed, stopped) or the network between it and
 * the clients (a link taken down). Each fault is undone (a paused broker resumed, a killed or
 * stopped one started again, a link brought up) when its time is up, and at once when the schedule
 * is stopped early; an undoing under way is never interrupted. {@code downFor} as measured runs
 * from the fault to the broker serving again.
 */
public final class BrokerFaults implements Faults {

    /** Longer than a broker takes to start (BrokerProcess waits 60 s for it). */
    private static final Duration JOIN = Duration.ofSeconds(90);

    /** One fault of the schedule: when it starts and what it does. */
    private record Planned(Duration start, FaultSpec spec) {
    }

    /** {@code null} for an external broker: then only partitions are scheduled (validation sees to it). */
    private final BrokerLifecycle broker;
    private final NetworkLinks links;
    private final List<Planned> planned = new ArrayList<>();
    private final List<FaultEvent> events = new ArrayList<>();
    private Thread thread;
    /** Guarded by this: the schedule was stopped; the thread is undoing a fault (not to be interrupted). */
    private boolean stopped;
    private boolean undoing;

    public BrokerFaults(List<FaultSpec> specs, BrokerLifecycle broker) {
        this(specs, broker, new IpLinks());
    }

    public BrokerFaults(List<FaultSpec> specs, BrokerLifecycle broker, NetworkLinks links) {
        this.broker = broker;
        this.links = links;
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
            if (!sleepUntil(publishStartNanos + p.start().toNanos())) {
                return;
            }
            inject(p, publishStartNanos);
        }
    }

    /** One fault, then its undoing after {@code downFor}, or at once when the schedule is stopped. */
    private void inject(Planned p, long publishStartNanos) {
        FaultAction action = p.spec().action();
        double at = (System.nanoTime() - publishStartNanos) / 1e9;
        long begun = System.nanoTime();
        long begunMillis = EpochClock.nanos() / 1_000_000;
        String error = switch (action) {
            case PAUSE_BROKER -> broker.pause();
            case KILL_BROKER -> broker.kill();
            case RESTART_BROKER -> broker.stop();
            case PARTITION -> links.set(p.spec().link(), false);
        };
        if (error != null && action == FaultAction.PAUSE_BROKER) {
            Thread.interrupted(); // the SIGSTOP may have gone out all the same: a SIGCONT, uninterrupted, to be sure
            broker.resume();
            record(new FaultEvent(action.yamlName(), at, 0, error, begunMillis));
            return;
        }
        sleepUntil(begun + p.spec().downFor().toNanos());
        synchronized (this) {
            undoing = true;
            Thread.interrupted(); // a stop that came during downFor: undo now, uninterrupted
        }
        String undoError = switch (action) {
            case PAUSE_BROKER -> broker.resume();
            case PARTITION -> links.set(p.spec().link(), true);
            case KILL_BROKER, RESTART_BROKER -> broker.start();
        };
        synchronized (this) {
            undoing = false;
        }
        String problem = error != null ? error : undoError == null ? null : switch (action) {
            case PAUSE_BROKER -> "the broker could not be resumed: ";
            case PARTITION -> "the link could not be brought up again: ";
            case KILL_BROKER, RESTART_BROKER -> "the broker could not be started again: ";
        } + undoError;
        record(new FaultEvent(action.yamlName(), at, (System.nanoTime() - begun) / 1e9, problem, begunMillis));
    }

    private synchronized void record(FaultEvent event) {
        events.add(event);
    }

    /** Sleeps until {@code nanos}; false when the schedule was stopped first. */
    private boolean sleepUntil(long nanos) {
        try {
            long left = nanos - System.nanoTime();
            if (left > 0) {
                TimeUnit.NANOSECONDS.sleep(left);
            }
        } catch (InterruptedException e) {
            return false;
        }
        synchronized (this) {
            return !stopped;
        }
    }

    @Override
    public List<FaultEvent> stop() {
        Thread running;
        synchronized (this) {
            stopped = true;
            running = thread;
            if (running != null && !undoing) {
                running.interrupt();
            }
        }
        if (running != null) {
            try {
                running.join(JOIN.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (running.isAlive()) {
                if (broker != null) {
                    broker.resume(); // a SIGCONT that may not have gone out; a running process ignores it
                }
                planned.stream().map(p -> p.spec().link()).filter(Objects::nonNull).distinct()
                        .forEach(link -> links.set(link, true)); // an up that may not have gone out
            }
        }
        synchronized (this) {
            return List.copyOf(events);
        }
    }
}
