package io.jmsbench.run.search;

import io.jmsbench.report.SearchResult.Answer;
import io.jmsbench.report.SearchResult.Outcome;
import io.jmsbench.scenario.SearchSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The search's decisions on synthetic brokers: which points it runs, in what order, and what it answers. */
@Timeout(10)
class CapacitySearchTest {

    private static final StepOutcome FAIL = new StepOutcome(Outcome.FAIL, List.of("p99 62.0 ms > 50.0 ms"));

    private static SearchSpec spec(double from, Double until, int maxPoints) {
        return new SearchSpec(SearchSpec.Percentile.P99, Duration.ofMillis(50), from, until, maxPoints);
    }

    /** A broker that passes every fixed rate up to {@code capacity}. */
    private static BiFunction<Double, Boolean, StepOutcome> capacity(double capacity) {
        return (rate, confirm) -> rate <= capacity ? StepOutcome.PASS : FAIL;
    }

    private record Run(List<String> points, Answer answer) {
    }

    /**
     * Runs the search against a broker whose saturated probe sends {@code ceiling} msgs/s and whose
     * fixed-rate steps come out as {@code broker} says: each point as "probe", "rate pass|fail" or
     * "rate pass|fail (repeat)".
     */
    private static Run run(SearchSpec spec, double ceiling, BiFunction<Double, Boolean, StepOutcome> broker) {
        CapacitySearch search = new CapacitySearch(spec);
        List<String> points = new ArrayList<>();
        for (Optional<CapacitySearch.Request> next = search.next(); next.isPresent(); next = search.next()) {
            CapacitySearch.Request r = next.get();
            if (r.kind() == CapacitySearch.Kind.PROBE) {
                points.add("probe");
                search.recordProbe(ceiling);
            } else {
                boolean confirm = r.kind() == CapacitySearch.Kind.CONFIRM;
                StepOutcome outcome = broker.apply(r.rate(), confirm);
                points.add(String.format("%.0f %s%s", r.rate(), outcome.outcome().json(), confirm ? " (repeat)" : ""));
                search.record(outcome);
            }
            assertTrue(points.size() <= spec.maxPoints(), "at most maxPoints: " + points);
        }
        return new Run(points, search.answer(null, 42));
    }

    @Test
    void probesTheCeilingThenBisectsGeometricallyToWithinFivePercentAndConfirms() {
        Run run = run(spec(1_000, null, 10), 12_000, capacity(10_000));

        assertEquals(List.of("probe", "1000 pass", "3460 pass", "6440 pass", "8790 pass", "10300 fail", "9520 pass",
                "9900 pass", "9900 pass (repeat)"), run.points());
        Answer a = run.answer();
        assertEquals(9_900, a.rate());
        assertEquals(9_900, a.bracketLow());
        assertEquals(10_300, a.bracketHigh());
        assertEquals(Outcome.FAIL, a.bracketHighOutcome());
        assertEquals(12_000, a.ceiling());
        assertEquals(Boolean.TRUE, a.confirmed());
        assertEquals("the bracket is within 5%", a.stopped());
        assertEquals(9, a.points());
        assertEquals("Capacity with p99 at most 50ms: 9,900 msgs/s, bracket [9,900, 10,300] msgs/s (4.0% wide); "
                + "10,300 msgs/s failed (p99 62.0 ms > 50.0 ms); confirmed by a repeat at 9,900 msgs/s; the saturated "
                + "probe sent 12,000 msgs/s (9 points, 42 s; stopped: the bracket is within 5%).", a.sentence());
    }

    @Test
    void stopsAtMaxPointsKeepingOneForTheRepeatAndNamesAnUntestedCeiling() {
        Run run = run(spec(1_000, null, 5), 12_000, capacity(10_000));

        assertEquals(List.of("probe", "1000 pass", "3460 pass", "6440 pass", "6440 pass (repeat)"), run.points());
        Answer a = run.answer();
        assertEquals("maxPoints (5) reached", a.stopped());
        assertEquals(12_000, a.bracketHigh());
        assertNull(a.bracketHighOutcome(), "the ceiling, not a step");
        assertTrue(a.sentence().startsWith("Capacity with p99 at most 50ms: 6,440 msgs/s, bracket [6,440, 12,000] "
                + "msgs/s (86.3% wide): every step passed, and no step goes above the ceiling, the saturated probe's "
                + "12,000 msgs/s (a fixed rate above it is taken to fail, untested)"), a.sentence());
    }

    @Test
    void untilIsTheCeilingAndNeedsNoProbe() {
        Run run = run(spec(1_000, 5_000.0, 10), Double.NaN, capacity(1e6));

        assertEquals(List.of("1000 pass", "2240 pass", "3350 pass", "4090 pass", "4520 pass", "4750 pass", "4870 pass",
                "4870 pass (repeat)"), run.points());
        assertEquals(5_000, run.answer().bracketHigh());
        assertTrue(run.answer().sentence().contains("no step goes above the ceiling, until, 5,000 msgs/s"),
                run.answer().sentence());
    }

    @Test
    void aFirstStepThatFailsHalvesUntilAPassThenBisects() {
        Run run = run(spec(8_000, null, 10), 12_000, capacity(1_500));

        assertEquals(List.of("probe", "8000 fail", "4000 fail", "2000 fail", "1000 pass", "1410 pass", "1680 fail",
                "1540 fail", "1470 pass", "1470 pass (repeat)"), run.points());
        assertEquals(1_470, run.answer().rate());
        assertEquals(1_540, run.answer().bracketHigh());
    }

    @Test
    void aSearchWhereNothingPassesSaysSo() {
        Run run = run(spec(1_000, null, 4), 12_000, capacity(100));

        assertEquals(List.of("probe", "1000 fail", "500 fail"), run.points(), "the last point stays the repeat's");
        Answer a = run.answer();
        assertNull(a.rate());
        assertNull(a.bracketLow());
        assertEquals(500, a.bracketHigh(), "the lowest rate that did not pass");
        assertNull(a.confirmed());
        assertEquals("maxPoints (4) reached before any rate passed", a.stopped());
        assertEquals("No rate passed with p99 at most 50ms: the lowest step, 500 msgs/s, failed (p99 62.0 ms > "
                + "50.0 ms); the capacity is below 500 msgs/s, or the steps were invalid: see their reasons (3 points, "
                + "42 s; stopped: maxPoints (4) reached before any rate passed).", a.sentence());
    }

    @Test
    void aCeilingBelowFromEndsTheSearchAfterTheProbe() {
        Run run = run(spec(1_000, null, 10), 800, capacity(1e6));

        assertEquals(List.of("probe"), run.points());
        assertEquals("No capacity with p99 at most 50ms: the ceiling, the saturated probe's 800 msgs/s, is not above "
                + "from (1,000 msgs/s): lower search.from (1 point, 42 s; stopped: from is not below the ceiling).",
                run.answer().sentence());
    }

    @Test
    void aProbeThatMeasuredNothingEndsTheSearch() {
        Run run = run(spec(1_000, null, 10), Double.NaN, capacity(1e6));

        assertEquals(List.of("probe"), run.points());
        assertEquals("the saturated probe measured no rate", run.answer().stopped());
        assertNull(run.answer().ceiling());
    }

    @Test
    void aRepeatThatFailsIsSaidNotHidden() {
        Run run = run(spec(1_000, null, 10), 12_000, (rate, confirm) -> confirm || rate > 10_000 ? FAIL : StepOutcome.PASS);

        assertEquals("9900 fail (repeat)", run.points().get(run.points().size() - 1));
        assertEquals(9_900, run.answer().rate(), "the answer stays the highest pass of the search");
        assertEquals(Boolean.FALSE, run.answer().confirmed());
        assertTrue(run.answer().sentence().contains("the confirming repeat at 9,900 msgs/s did NOT pass (p99 62.0 ms "
                + "> 50.0 ms), so this rate is not reliably sustained"), run.answer().sentence());
    }

    @Test
    void aGeneratorLimitedStepBoundsTheBracketAndIsNamedAsSuch() {
        StepOutcome limited = new StepOutcome(Outcome.GENERATOR_LIMITED,
                List.of("generator-limited: cpu rule: publisher agent used 1.70 cores"));
        Run run = run(spec(8_000, null, 10), 20_000, (rate, confirm) -> rate >= 12_000 ? limited : StepOutcome.PASS);

        assertEquals(List.of("probe", "8000 pass", "12600 generator-limited", "10000 pass", "11200 pass",
                "11900 pass", "12200 generator-limited", "11900 pass (repeat)"), run.points());
        assertEquals(Outcome.GENERATOR_LIMITED, run.answer().bracketHighOutcome());
        assertTrue(run.answer().sentence().contains("at 12,200 msgs/s the load generator was the limit, not the broker "
                + "(generator-limited: cpu rule: publisher agent used 1.70 cores), so the broker's own capacity may be "
                + "higher"), run.answer().sentence());
    }

    @Test
    void aThroughputOnlySearchSaysSo() {
        Run run = run(new SearchSpec(null, null, 1_000, null, 10), 12_000, capacity(10_000));

        assertTrue(run.answer().sentence().startsWith("Capacity (throughput only, no latency bound): 9,900 msgs/s"),
                run.answer().sentence());
    }

    @Test
    void anAbortedSearchSaysWhyItStopped() {
        CapacitySearch search = new CapacitySearch(spec(1_000, null, 10));
        search.next();
        search.recordProbe(12_000);
        search.next();
        search.record(StepOutcome.PASS);
        search.next();

        Answer a = search.answer("interrupted by a signal (Ctrl-C or SIGTERM)", 12);

        assertEquals("the run was aborted (interrupted by a signal (Ctrl-C or SIGTERM))", a.stopped());
        assertEquals(2, a.points());
        assertEquals(1_000, a.rate());
        assertTrue(a.sentence().contains("NOT confirmed: no repeat ran"), a.sentence());
    }

    @Test
    void eachPointNeedsItsOutcomeBeforeTheNext() {
        CapacitySearch search = new CapacitySearch(spec(1_000, null, 10));
        search.next();

        assertThrows(IllegalStateException.class, search::next);
        assertThrows(IllegalStateException.class, () -> search.record(StepOutcome.PASS), "the probe gives a ceiling");
        search.recordProbe(12_000);
        assertThrows(IllegalStateException.class, () -> search.record(StepOutcome.PASS), "nothing is pending");
    }

    @Test
    void midpointsAreRoundedToThreeSignificantDigits() {
        assertEquals(48_100, CapacitySearch.round3(48_123.4));
        assertEquals(0.75, CapacitySearch.round3(0.75));
        assertEquals(1_230_000, CapacitySearch.round3(1_234_567));
        assertEquals(10_300, CapacitySearch.round3(10_250), "half rounds up");
    }
}
