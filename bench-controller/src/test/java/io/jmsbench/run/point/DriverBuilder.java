package io.jmsbench.run.point;

import io.jmsbench.run.stop.RunSignal;
import io.jmsbench.run.workers.Workers;
import io.jmsbench.scenario.Scenario;

import java.io.OutputStream;
import java.io.PrintStream;

/**
 * A {@link PointDriver} for a test: a scenario's plan and the workers, with whatever the test
 * changes of the rest (by default the system clock, this JVM's gauges without a broker, no plans
 * for agents, samples and console dropped, no faults, no witness).
 */
public final class DriverBuilder {

    private final Scenario scenario;
    private final Workers workers;
    private Workers.PlanFactory plans = (clients, offset) -> null;
    private Gauges gauges = Gauges.local(null, "-");
    private PointClock clock = PointClock.system(new RunSignal());
    private SampleSink sink = (sample, latency) -> { };
    private PrintStream console = new PrintStream(OutputStream.nullOutputStream());
    private StallWitness witness = StallWitness.NONE;

    private DriverBuilder(Scenario scenario, Workers workers) {
        this.scenario = scenario;
        this.workers = workers;
    }

    public static DriverBuilder driver(Scenario scenario, Workers workers) {
        return new DriverBuilder(scenario, workers);
    }

    public DriverBuilder plans(Workers.PlanFactory plans) {
        this.plans = plans;
        return this;
    }

    public DriverBuilder gauges(Gauges gauges) {
        this.gauges = gauges;
        return this;
    }

    public DriverBuilder clock(PointClock clock) {
        this.clock = clock;
        return this;
    }

    public DriverBuilder sink(SampleSink sink) {
        this.sink = sink;
        return this;
    }

    public DriverBuilder console(PrintStream console) {
        this.console = console;
        return this;
    }

    public DriverBuilder witness(StallWitness witness) {
        this.witness = witness;
        return this;
    }

    public PointDriver build() {
        return new PointDriver(PointPlan.of(scenario, false), workers, plans, gauges, clock, sink, console,
                Faults.NONE, witness);
    }
}
