package io.jmsbench.run.judge;

import io.jmsbench.report.ClockOffset;
import io.jmsbench.run.point.PointObservation;
import io.jmsbench.scenario.Defaults;
import io.jmsbench.scenario.FaultSpec;
import io.jmsbench.scenario.Scenario;
import io.jmsbench.text.Durations;
import io.jmsbench.verdict.Finding;
import io.jmsbench.verdict.FindingCode;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** The rules on a point's set-up and how it ended: its warm-up, its messages, its broker, its clocks, its faults. */
final class PointRules {

    private PointRules() {
    }

    /** A fixed warm-up shorter than the JIT needs. */
    static List<Finding> notWarmedUp(PointFacts facts) {
        Scenario scenario = facts.scenario();
        if (scenario.phases().warmupAuto() || scenario.phases().warmup().compareTo(Defaults.MIN_WARMED_UP) >= 0) {
            return List.of();
        }
        return List.of(Finding.of(FindingCode.NOT_WARMED_UP, "not warmed up: warm-up "
                + Durations.format(scenario.phases().warmup()) + " < " + Durations.format(Defaults.MIN_WARMED_UP)
                + "; throughput may still be climbing (JIT)"));
    }

    static List<Finding> unstamped(PointFacts facts) {
        return facts.scenario().message().stamped() ? List.of() : List.of(Finding.of(FindingCode.UNSTAMPED,
                "unstamped messages (message.stamped: false): no audit and no latency, rates only"));
    }

    static List<Finding> brokerReused(PointFacts facts) {
        return !facts.plan().brokerReused() ? List.of() : List.of(Finding.of(FindingCode.BROKER_REUSED,
                "broker reused: one broker served every point of this run (broker.reuse)"));
    }

    /** A point that did not complete says how it ended; one that did, that its window did. */
    static List<Finding> ending(PointFacts facts) {
        PointObservation o = facts.observation();
        return switch (o.ending().kind()) {
            case STALLED -> List.of(Finding.of(FindingCode.STALLED, "aborted: " + o.ending().sentence()));
            case AGENT_LOST, BROKER_DOWN, FAILED, INTERRUPTED, INTERNAL_ERROR -> List.of(Finding.of(
                    FindingCode.ABORTED, "aborted: " + o.ending().sentence()));
            case COMPLETED -> o.windowComplete() ? List.of() : List.of(Finding.of(FindingCode.WINDOW_NOT_COMPLETED,
                    "the measurement window was never completed"));
        };
    }

    /**
     * Latency across hosts is only as good as the clocks: flags it when the offsets' combined
     * uncertainty (a publisher's plus a subscriber's, the worst pair) is above the allowed
     * fraction of the median latency.
     */
    static List<Finding> clocks(PointFacts facts) {
        PointObservation o = facts.observation();
        if (o.latency() == null || o.latency().count() == 0) {
            return List.of();
        }
        double pub = 0;
        double sub = 0;
        boolean applied = false;
        for (ClockOffset c : facts.placement().clocks()) {
            applied |= c.applied();
            switch (c.role()) {
                case PUBLISHER -> pub = Math.max(pub, c.uncertaintyMicros());
                case SUBSCRIBER -> sub = Math.max(sub, c.uncertaintyMicros());
                case MONITOR -> {
                    // the monitor stamps no message: its clock is in no latency
                }
            }
        }
        double median = o.latency().p50();
        double uncertainty = pub + sub;
        double allowed = facts.scenario().validity().clockUncertaintyMax();
        if (!applied || uncertainty <= allowed * median) {
            return List.of();
        }
        return List.of(Finding.of(FindingCode.LATENCY_CLOCKS_UNCERTAIN, String.format(Locale.ROOT, "latency flagged: "
                + "the clock offsets are uncertain by up to ±%.1f µs, more than %.0f%% of the median latency "
                + "%.1f µs", uncertainty, allowed * 100, median)));
    }

    /** What a point with faults measured, and any fault that could not be injected or undone. */
    static List<Finding> faults(PointFacts facts) {
        Scenario scenario = facts.scenario();
        if (scenario.faults().isEmpty()) {
            return List.of();
        }
        PointObservation o = facts.observation();
        List<Finding> findings = new ArrayList<>();
        long injected = o.faults().stream().filter(e -> e.error() == null).count();
        int planned = scenario.faults().stream().mapToInt(FaultSpec::times).sum();
        findings.add(Finding.of(FindingCode.FAULTS_INJECTED, String.format(Locale.ROOT, "faults: %d of %d injected "
                + "(%s); the rates include them, so this point shows what the broker loses and how it comes back, not "
                + "its capacity", injected, planned, scenario.faults().stream().map(f -> f.action().yamlName() + " x"
                + f.times()).collect(Collectors.joining(", ")))));
        o.faults().stream().filter(e -> e.error() != null).forEach(e -> findings.add(Finding.of(
                FindingCode.FAULT_NOT_INJECTED, String.format(Locale.ROOT, "fault at %.1f s: %s", e.at(), e.error()))));
        return findings;
    }
}
