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
import io.jmsbench.text.Durations;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A capacity search's points as the run's: {@link CapacitySearch} chooses each from the outcomes so
 * far (first a saturated probe, unless {@code until} sets the ceiling), {@link StepRule} judges each
 * fixed-rate step. A rate's point index is the same for its confirming repeat (repeat 2), as a
 * sweep point's is for its repeats.
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
    public int runsAtMost() {
        return spec.maxPoints();
    }

    @Override
    public boolean exact() {
        return false;
    }

    @Override
    public String label(int run) {
        return "step " + run + "/" + spec.maxPoints() + " at most";
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
        boolean probe = pending.kind() == CapacitySearch.Kind.PROBE;
        int index = pointOfRate.computeIfAbsent(rate, r -> pointOfRate.size());
        Object value = probe ? PublishRate.MAX.text() : rate == Math.rint(rate) ? (Object) (long) rate : rate;
        ScenarioPlan.Point point = new ScenarioPlan.Point(index, Map.of(RATE, value),
                plan.base().withRate(probe ? PublishRate.MAX : new PublishRate.PerSecond(rate)));
        String what = switch (pending.kind()) {
            case PROBE -> "saturated probe (rate: max), for the ceiling";
            case STEP -> Figures.rate(rate) + " msgs/s";
            case CONFIRM -> Figures.rate(rate) + " msgs/s, repeated to confirm the answer";
        };
        String heading = String.format(Locale.ROOT, "step %d (at most %d): %s", steps.size() + 1, spec.maxPoints(),
                what);
        return new Scheduled(point, pending.kind() == CapacitySearch.Kind.CONFIRM ? 2 : 1, heading);
    }

    @Override
    public String completed(Scheduled scheduled, PointResult result) {
        SearchResult.Step step;
        String kind = pending.kind().name().toLowerCase(Locale.ROOT);
        if (pending.kind() == CapacitySearch.Kind.PROBE) {
            search.recordProbe(result.rates().received().rate());
            List<String> why = new ArrayList<>(List.of("saturated: the most the publishers could send"));
            if (result.delivery().totals().sent() == 0 || !(result.rates().received().rate() > 0)) {
                why.addAll(result.judgement().invalidReasons());
            }
            step = new SearchResult.Step(steps.size() + 1, scheduled.point().index(), scheduled.repeat(), kind,
                    Double.NaN, result.rates().received().rate(), result.rates().dispatched().rate(), Double.NaN,
                    SearchResult.Outcome.CEILING, why);
        } else {
            StepFigures figures = StepFigures.of(result, pending.rate(), spec);
            StepOutcome outcome = StepRule.judge(figures, spec);
            search.record(outcome);
            step = new SearchResult.Step(steps.size() + 1, scheduled.point().index(), scheduled.repeat(), kind,
                    pending.rate(), figures.sent(), figures.dispatched(), figures.latencyMicros(), outcome.outcome(),
                    outcome.reasons());
        }
        steps.add(step);
        wallSeconds = (System.nanoTime() - startNanos) / 1e9;
        return "  => " + line(step, spec);
    }

    /** The search asked for, in one line, as the run's plan. */
    static String describe(SearchSpec spec) {
        return String.format(Locale.ROOT, "capacity %s: %s, then fixed rates from %s msgs/s, bisecting to within "
                        + "%.0f%%; at most %d points, the confirming repeat included",
                spec.latencyBound() ? "with " + spec.latency().yamlName() + " at most "
                        + Durations.format(spec.below()) : "(throughput only)",
                spec.until() == null ? "a saturated probe for the ceiling" : "the ceiling until, "
                        + Figures.rate(spec.until()) + " msgs/s", Figures.rate(spec.from()), 100 * CapacitySearch.WITHIN,
                spec.maxPoints());
    }

    /** A step in one line: outcome, rates, latency, reasons. */
    static String line(SearchResult.Step s, SearchSpec spec) {
        String latency = spec.latencyBound() ? ", " + spec.latency().yamlName() + " "
                + (Double.isNaN(s.latencyMicros()) ? "n/a" : String.format(Locale.ROOT, "%.2f ms", s.latencyMicros() / 1000))
                : "";
        return String.format(Locale.ROOT, "%s at %s: sent %s, dispatched %s msgs/s%s%s",
                s.outcome().json().toUpperCase(Locale.ROOT), "probe".equals(s.kind()) ? "rate max"
                        : Figures.rate(s.targetRate()) + " msgs/s", Figures.rate(s.sentRate()),
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
