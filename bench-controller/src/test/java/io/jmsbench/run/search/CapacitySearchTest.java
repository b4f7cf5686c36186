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

/** The search's decisions on synthetic brokers: which rates it tries, in what order, and what it answers. */
@Timeout(10)
class CapacitySearchTest {

    private static final StepOutcome FAIL = new StepOutcome(Outcome.FAIL, List.of("p99 62.0 ms > 50.0 ms"));

    private static SearchSpec spec(double from, Double until, int maxPoints) {
        return new SearchSpec(SearchSpec.Percentile.P99, Duration.ofMillis(50), from, until, maxPoints);
    }

    /** A broker that passes every rate up to {@code capacity}. */
    private static BiFunction<Double, Boolean, StepOutcome> capacity(double capacity) {
        return (rate, confirm) -> rate <= capacity ? StepOutcome.PASS : FAIL;
    }

    private record Run(List<String> steps, Answer answer) {
    }

    /** Runs the search against {@code broker}: each step as "rate pass|fail", the repeat marked "(repeat)". */
    private static Run run(SearchSpec spec, BiFunction<Double, Boolean, StepOutcome> broker) {
        CapacitySearch search = new CapacitySearch(spec);
        List<String> steps = new ArrayList<>();
        for (Optional<CapacitySearch.Request> next = search.next(); next.isPresent(); next = search.next()) {
            CapacitySearch.Request r = next.get();
            StepOutcome outcome = broker.apply(r.rate(), r.confirm());
            steps.add(String.format("%.0f %s%s", r.rate(), outcome.outcome().json(), r.confirm() ? " (repeat)" : ""));
            search.record(outcome);
            assertTrue(steps.size() <= spec.maxPoints(), "at most maxPoints: " + steps);
        }
        return new Run(steps, search.answer(null, 42));
    }

    @Test
    void doublesUntilAFailureThenBisectsToWithinFivePercentAndConfirms() {
        Run run = run(spec(8_000, null, 10), capacity(10_000));

        assertEquals(List.of("8000 pass", "16000 fail", "12000 fail", "10000 pass", "11000 fail", "10500 fail",
                "10000 pass (repeat)"), run.steps());
        Answer a = run.answer();
        assertEquals(10_000, a.rate());
        assertEquals(10_000, a.bracketLow());
        assertEquals(10_500, a.bracketHigh());
        assertEquals(Outcome.FAIL, a.bracketHighOutcome());
        assertEquals(Boolean.TRUE, a.confirmed());
        assertEquals("the bracket is within 5%", a.stopped());
        assertEquals(7, a.points());
        assertEquals("Capacity with p99 at most 50ms: 10,000 msgs/s, bracket [10,000, 10,500] msgs/s (5.0% wide); "
                + "10,500 msgs/s failed (p99 62.0 ms > 50.0 ms); confirmed by a repeat at 10,000 msgs/s (7 points, "
                + "42 s; stopped: the bracket is within 5%).", a.sentence());
    }

    @Test
    void stopsAtMaxPointsKeepingOneForTheRepeat() {
        Run run = run(spec(1_000, null, 10), capacity(9_000));

        assertEquals(List.of("1000 pass", "2000 pass", "4000 pass", "8000 pass", "16000 fail", "12000 fail",
                "10000 fail", "9000 pass", "9500 fail", "9000 pass (repeat)"), run.steps());
        assertEquals("maxPoints (10) reached", run.answer().stopped());
        assertEquals(10, run.answer().points());
    }

    @Test
    void everyStepPassingUpToMaxPointsLeavesNoUpperBound() {
        Run run = run(spec(1_000, null, 4), capacity(1e6));

        assertEquals(List.of("1000 pass", "2000 pass", "4000 pass", "4000 pass (repeat)"), run.steps());
        assertEquals(4_000, run.answer().rate());
        assertNull(run.answer().bracketHigh());
        assertTrue(run.answer().sentence().contains("every step passed: the capacity is at least that"),
                run.answer().sentence());
    }

    @Test
    void untilBoundsTheDoubling() {
        Run run = run(spec(1_000, 5_000.0, 10), capacity(1e6));

        assertEquals(List.of("1000 pass", "2000 pass", "4000 pass", "5000 pass", "5000 pass (repeat)"), run.steps());
        assertEquals("until reached", run.answer().stopped());
    }

    @Test
    void aFirstStepThatFailsEndsTheSearchWithoutARate() {
        Run run = run(spec(1_000, null, 10), capacity(500));

        assertEquals(List.of("1000 fail"), run.steps());
        Answer a = run.answer();
        assertNull(a.rate());
        assertNull(a.confirmed());
        assertEquals("the first rate did not pass", a.stopped());
        assertEquals("No rate passed with p99 at most 50ms: the first step, 1,000 msgs/s, failed (p99 62.0 ms > "
                + "50.0 ms); the capacity is below 1,000 msgs/s or the step was invalid: see its reasons, or lower "
                + "search.from (1 point, 42 s; stopped: the first rate did not pass).", a.sentence());
    }

    @Test
    void aRepeatThatFailsIsSaidNotHidden() {
        Run run = run(spec(8_000, null, 10), (rate, confirm) -> confirm || rate > 10_000 ? FAIL : StepOutcome.PASS);

        assertEquals("10000 fail (repeat)", run.steps().get(run.steps().size() - 1));
        assertEquals(10_000, run.answer().rate(), "the answer stays the highest pass of the search");
        assertEquals(Boolean.FALSE, run.answer().confirmed());
        assertTrue(run.answer().sentence().contains("the confirming repeat at 10,000 msgs/s did NOT pass (p99 62.0 ms "
                + "> 50.0 ms), so this rate is not reliably sustained"), run.answer().sentence());
    }

    @Test
    void aGeneratorLimitedStepBoundsTheBracketAndIsNamedAsSuch() {
        StepOutcome limited = new StepOutcome(Outcome.GENERATOR_LIMITED,
                List.of("generator-limited: cpu rule: publisher agent used 1.70 cores"));
        Run run = run(spec(8_000, null, 10), (rate, confirm) -> rate >= 12_000 ? limited : StepOutcome.PASS);

        assertEquals(List.of("8000 pass", "16000 generator-limited", "12000 generator-limited", "10000 pass",
                "11000 pass", "11500 pass", "11500 pass (repeat)"), run.steps());
        assertEquals(Outcome.GENERATOR_LIMITED, run.answer().bracketHighOutcome());
        assertTrue(run.answer().sentence().contains("at 12,000 msgs/s the load generator was the limit, not the broker "
                + "(generator-limited: cpu rule: publisher agent used 1.70 cores), so the broker's own capacity may be "
                + "higher"), run.answer().sentence());
    }

    @Test
    void aThroughputOnlySearchSaysSo() {
        SearchSpec spec = new SearchSpec(null, null, 8_000, null, 10);
        Run run = run(spec, capacity(10_000));

        assertTrue(run.answer().sentence().startsWith("Capacity (throughput only, no latency bound): 10,000 msgs/s"),
                run.answer().sentence());
    }

    @Test
    void anAbortedSearchSaysWhyItStopped() {
        CapacitySearch search = new CapacitySearch(spec(1_000, null, 10));
        search.next();
        search.record(StepOutcome.PASS);
        search.next();

        Answer a = search.answer("interrupted by a signal (Ctrl-C or SIGTERM)", 12);

        assertEquals("the run was aborted (interrupted by a signal (Ctrl-C or SIGTERM))", a.stopped());
        assertEquals(1, a.points());
        assertEquals(1_000, a.rate());
        assertTrue(a.sentence().contains("NOT confirmed: no repeat ran"), a.sentence());
    }

    @Test
    void eachStepNeedsItsOutcomeBeforeTheNext() {
        CapacitySearch search = new CapacitySearch(spec(1_000, null, 10));
        search.next();

        assertThrows(IllegalStateException.class, search::next);
        search.record(StepOutcome.PASS);
        assertThrows(IllegalStateException.class, () -> search.record(StepOutcome.PASS));
    }

    @Test
    void midpointsAreRoundedToThreeSignificantDigits() {
        assertEquals(48_100, CapacitySearch.round3(48_123.4));
        assertEquals(0.75, CapacitySearch.round3(0.75));
        assertEquals(1_230_000, CapacitySearch.round3(1_234_567));
        assertEquals(10_300, CapacitySearch.round3(10_250), "half rounds up");
    }
}
