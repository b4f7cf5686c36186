package io.jmsbench.run.metrics;

import io.jmsbench.report.IntervalSample;
import io.jmsbench.run.point.SampleSink;
import io.jmsbench.verdict.Verdict;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Tags;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A run's figures as Prometheus gauges, updated with every per-second sample: rates, latency
 * percentiles, CPU, the phase, and how many points are planned and done by verdict. Every series
 * carries the scenario; a point's also its index and repeat, and CPU its role. Written by the run's
 * thread, read by the scrape's: each value is one volatile double.
 */
public final class RunMetrics {

    private static final List<String> PHASES = List.of("warmup", "measure", "drain");
    private static final Map<String, String> HELP = Map.of(
            "jmsbench.points.planned", "how many points (sweep points times repeats) the run has planned",
            "jmsbench.points.done", "how many points ended, by verdict",
            "jmsbench.messages.rate", "messages per second over the last interval: received by the broker from the "
                    + "publishers, or dispatched by it to the subscribers",
            "jmsbench.latency.microseconds", "end-to-end latency percentiles of the messages received in the last "
                    + "interval",
            "jmsbench.cpu.cores", "cores used over the last interval, by role",
            "jmsbench.host.busy.ratio", "the busy share of the host's cores over the last interval",
            "jmsbench.phase", "1 for the phase the point is in, 0 for the others");

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final Map<String, Value> values = new ConcurrentHashMap<>();
    private final String scenario;

    /** One gauge's current value. */
    private static final class Value {
        volatile double value = Double.NaN;
    }

    public RunMetrics(String scenario, int plannedRuns) {
        this.scenario = scenario;
        set("jmsbench.points.planned", Tags.of("scenario", scenario), plannedRuns);
        for (Verdict v : Verdict.values()) {
            set("jmsbench.points.done", Tags.of("scenario", scenario, "verdict", v.json()), 0);
        }
    }

    /** {@code inner}, with every sample also set on this point's gauges. */
    public SampleSink observe(int point, int repeat, SampleSink inner) {
        Tags tags = Tags.of("scenario", scenario, "point", String.valueOf(point), "repeat", String.valueOf(repeat));
        return (sample, latency) -> {
            update(tags, sample);
            inner.accept(sample, latency);
        };
    }

    /** A point ended with {@code verdict}. */
    public void pointDone(Verdict verdict) {
        Value done = values.get(key("jmsbench.points.done", Tags.of("scenario", scenario, "verdict", verdict.json())));
        done.value = done.value + 1;
    }

    /** Everything in Prometheus's text format, as a scrape gets it. */
    public String scrape() {
        return registry.scrape();
    }

    private void update(Tags point, IntervalSample s) {
        set("jmsbench.messages.rate", point.and("direction", "received"),
                s.sendRate());
        set("jmsbench.messages.rate", point.and("direction", "dispatched"), s.receiveRate());
        set("jmsbench.latency.microseconds", point.and("quantile", "0.5"), s.latencyP50());
        set("jmsbench.latency.microseconds", point.and("quantile", "0.99"), s.latencyP99());
        set("jmsbench.latency.microseconds", point.and("quantile", "0.999"), s.latencyP999());
        set("jmsbench.cpu.cores", point.and("role", "broker"),
                s.brokerCores());
        set("jmsbench.cpu.cores", point.and("role", "publisher"), s.publisherCores());
        set("jmsbench.cpu.cores", point.and("role", "subscriber"), s.subscriberCores());
        set("jmsbench.host.busy.ratio", point,
                s.hostBusy());
        for (String phase : PHASES) {
            set("jmsbench.phase", point.and("phase", phase),
                    phase.equals(s.phase().toLowerCase(Locale.ROOT)) ? 1 : 0);
        }
    }

    private void set(String name, Tags tags, double value) {
        values.computeIfAbsent(key(name, tags), k -> {
            Value v = new Value();
            Gauge.builder(name, v, x -> x.value).description(HELP.get(name)).tags(tags).register(registry);
            return v;
        }).value = value;
    }

    private static String key(String name, Tags tags) {
        return name + tags;
    }
}
