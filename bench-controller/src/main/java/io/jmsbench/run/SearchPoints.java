package io.jmsbench.run;

import io.jmsbench.report.Figures;
import io.jmsbench.report.PointResult;
import io.jmsbench.report.SearchResult;
import io.jmsbench.run.search.CapacitySearch;
import io.jmsbench.run.search.StepFigures;
import io.jmsbench.run.search.StepOutcome;
import io.jmsbench.run.search.StepRule;
import io.jmsbench.scenario.PublishRate;
import io.jmsbench.scenario.ScenarioPlan;
import io.jmsbench.scenario.SearchSpec;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A capacity search's steps as the run's points: {@link CapacitySearch} chooses each rate from the
 * outcomes so far, {@link StepRule} judges each point. A rate's point index is the same for its
 * confirming repeat (repeat 2), as a sweep point's is for its repeats.
 */
final class SearchPoints implements PointSource {

    /** The parameter that names a step's rate, as a sweep of it would. */
    static final String RATE = "publishers.rate";

    private final ScenarioPlan plan;
    private final SearchSpec spec;
    private final CapacitySearch search;
    private final List<SearchResult.Step> steps = new ArrayList<>();
    private final Map<Double, Integer> pointOfRate = new LinkedHashMap<>();
    private long startNanos;
    private double wallSeconds;
    private CapacitySearch.Request pending;

    SearchPoints(ScenarioPlan plan) {
        this.plan = plan;
        this.spec = plan.search();
        this.search = new CapacitySearch(spec);
    }

    @Override
    public Scheduled next() {
        if (steps.isEmpty()) {
            startNanos = System.nanoTime();
        }
        pending = search.next().orElse(null);
        if (pending == null) {
            return null;
        }
        double rate = pending.rate();
        int index = pointOfRate.computeIfAbsent(rate, r -> pointOfRate.size());
        Map<String, Object> parameters = Map.of(RATE, rate == Math.rint(rate) ? (Object) (long) rate : rate);
        ScenarioPlan.Point point = new ScenarioPlan.Point(index,
                parameters, plan.base().withRate(new PublishRate.PerSecond(rate)));
        String heading = String.format(Locale.ROOT, "step %d (at most %d): %s msgs/s%s", steps.size() + 1,
                spec.maxPoints(), Figures.rate(rate), pending.confirm() ? ", repeated to confirm the answer" : "");
        return new Scheduled(point, pending.confirm() ? 2 : 1, heading);
    }

    @Override
    public String completed(Scheduled scheduled, PointResult result) {
        StepFigures figures = StepFigures.of(result, pending.rate(), spec);
        StepOutcome outcome = StepRule.judge(figures, spec);
        search.record(outcome);
        steps.add(new SearchResult.Step(steps.size() + 1, scheduled.point().index(), scheduled.repeat(),
                pending.confirm(), pending.rate(), figures.sent(), figures.dispatched(), figures.latencyMicros(),
                outcome.outcome(), outcome.reasons()));
        wallSeconds = (System.nanoTime() - startNanos) / 1e9;
        return "  => " + line(steps.get(steps.size() - 1), spec);
    }

    /** The search asked for, in one line, as the run's plan. */
    static String describe(SearchSpec spec) {
        return String.format(Locale.ROOT, "capacity %s: from %s msgs/s, doubling while steps pass (until %s), then "
                        + "bisecting to within %.0f%%; at most %d points, the confirming repeat included",
                spec.latencyBound() ? "with " + spec.latency().yamlName() + " at most "
                        + io.jmsbench.text.Durations.format(spec.below()) : "(throughput only)",
                Figures.rate(spec.from()), spec.until() == null ? "max" : Figures.rate(spec.until()) + " msgs/s",
                100 * CapacitySearch.WITHIN, spec.maxPoints());
    }

    /** A step in one line: outcome, rates, latency, reasons. */
    static String line(SearchResult.Step s, SearchSpec spec) {
        String latency = spec.latencyBound() ? ", " + spec.latency().yamlName() + " "
                + (Double.isNaN(s.latencyMicros()) ? "n/a" : String.format(Locale.ROOT, "%.2f ms", s.latencyMicros() / 1000))
                : "";
        return String.format(Locale.ROOT, "%s at %s msgs/s: sent %s, dispatched %s msgs/s%s%s",
                s.outcome().json().toUpperCase(Locale.ROOT), Figures.rate(s.targetRate()), Figures.rate(s.sentRate()),
                Figures.rate(s.dispatchedRate()), latency, s.reasons().isEmpty() ? "" : "; " + String.join("; ", s.reasons()));
    }

    @Override
    public String skipped(int done) {
        return "; the search stopped after " + done + " of at most " + spec.maxPoints() + " points";
    }

    @Override
    public SearchResult search(String abortReason) {
        return new SearchResult(spec, steps, search.answer(abortReason, wallSeconds));
    }
}
