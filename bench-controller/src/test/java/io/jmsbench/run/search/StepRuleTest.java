package io.jmsbench.run.search;

import io.jmsbench.report.SearchResult.Outcome;
import io.jmsbench.scenario.SearchSpec;
import io.jmsbench.verdict.Finding;
import io.jmsbench.verdict.FindingCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The pass rule of one step, on synthetic figures: each criterion alone, and how findings count. */
@Timeout(10)
class StepRuleTest {

    private static final SearchSpec P99_50MS = new SearchSpec(SearchSpec.Percentile.P99, Duration.ofMillis(50), 1000,
            null, 10);
    private static final Finding SHARED_HOST = Finding.of(FindingCode.SHARED_HOST, "shared host: ...");

    /** 10,000 msgs/s asked and sent, grade 2 delivered, p99 20 ms, only the shared-host note. */
    private static StepFigures good() {
        return new StepFigures(10_000, 10_000, 20_000, 2, 300, 20_000, List.of(SHARED_HOST));
    }

    private static StepFigures with(double sent, double dispatched, double noise, double latencyMicros,
                                    Finding... findings) {
        List<Finding> all = new java.util.ArrayList<>(List.of(SHARED_HOST));
        all.addAll(List.of(findings));
        return new StepFigures(10_000, sent, dispatched, 2, noise, latencyMicros, all);
    }

    @Test
    void aStepThatKeepsUpWithinTheBoundPasses() {
        assertEquals(StepOutcome.PASS, StepRule.judge(good(), P99_50MS));
    }

    @Test
    void sendingNinetySevenPercentPassesThoughTheJudgeWantsNinetyNine() {
        Finding missed = Finding.of(FindingCode.TARGET_RATE_MISSED, "missed the target rate: 9750 of 10000 msgs/s sent");
        assertEquals(StepOutcome.PASS, StepRule.judge(with(9_750, 19_500, 300, 20_000, missed), P99_50MS));
    }

    @Test
    void sendingLessThanNinetySevenPercentFails() {
        StepOutcome o = StepRule.judge(with(9_600, 19_200, 300, 20_000), P99_50MS);
        assertEquals(new StepOutcome(Outcome.FAIL, List.of("sent 9,600 of 10,000 msgs/s (96.0% < 97%)")), o);
    }

    @Test
    void aBacklogGrowingBeyondItsNoiseFails() {
        StepOutcome o = StepRule.judge(with(10_000, 18_000, 300, 20_000), P99_50MS);
        assertEquals(new StepOutcome(Outcome.FAIL, List.of("backlog grew: the subscribers got 1.800 copies per message "
                + "sent against the expected 2.00 (< 97%)")), o);
    }

    @Test
    void aWindowDrainingWhatTheWarmUpLeftFailsThoughItsLowerBoundPasses() {
        // 2.43 copies per message sent: the subscribers were emptying a backlog, not keeping up with the rate
        StepOutcome o = StepRule.judge(with(10_000, 24_300, 300, 20_000), P99_50MS);
        assertEquals(new StepOutcome(Outcome.FAIL, List.of("backlog shrank: the subscribers got 2.430 copies per "
                + "message sent against the expected 2.00 (> 103%): they were draining what was sent before the "
                + "window, so it was not steady")), o);
    }

    @Test
    void aSurplusWithinTheNoiseIsNoDrain() {
        assertEquals(StepOutcome.PASS, StepRule.judge(with(10_000, 21_000, 2_000, 20_000), P99_50MS));
    }

    @Test
    void aShortfallWithinTheNoiseIsNoBacklog() {
        assertEquals(StepOutcome.PASS, StepRule.judge(with(10_000, 19_000, 2_000, 20_000), P99_50MS));
    }

    @Test
    void latencyAboveTheBoundFails() {
        StepOutcome o = StepRule.judge(with(10_000, 20_000, 300, 62_345), P99_50MS);
        assertEquals(new StepOutcome(Outcome.FAIL, List.of("p99 62.3 ms > 50.0 ms")), o);
    }

    @Test
    void noLatencyMeasuredFailsALatencySearch() {
        StepOutcome o = StepRule.judge(with(10_000, 20_000, 300, Double.NaN), P99_50MS);
        assertEquals(new StepOutcome(Outcome.FAIL, List.of("p99 not measured: no message was received in the window")),
                o);
    }

    @Test
    void aThroughputOnlySearchIgnoresLatency() {
        SearchSpec throughput = new SearchSpec(null, null, 1000, null, 10);
        assertEquals(StepOutcome.PASS, StepRule.judge(with(10_000, 20_000, 300, Double.NaN), throughput));
    }

    @Test
    void aClientOverItsCpuBoundMakesTheStepGeneratorLimitedWhateverElseItShows() {
        Finding cpu = Finding.of(FindingCode.CPU_RULE_CLIENT, "cpu rule: publisher agent used 1.70 cores (> 75% of 2 "
                + "cores): the clients may be the bottleneck");
        StepOutcome o = StepRule.judge(with(9_000, 18_000, 300, 80_000, cpu), P99_50MS);
        assertEquals(new StepOutcome(Outcome.GENERATOR_LIMITED, List.of("generator-limited: cpu rule: publisher agent "
                + "used 1.70 cores (> 75% of 2 cores): the clients may be the bottleneck",
                "sent 9,000 of 10,000 msgs/s (90.0% < 97%)", "p99 80.0 ms > 50.0 ms")), o);
    }

    @Test
    void aPointInvalidForAnotherReasonFailsWithThatReason() {
        Finding drain = Finding.of(FindingCode.DRAIN_TIMEOUT, "inconclusive: the drain did not finish within its bound");
        StepOutcome o = StepRule.judge(with(10_000, 20_000, 300, 20_000, drain), P99_50MS);
        assertEquals(new StepOutcome(Outcome.FAIL, List.of("invalid: inconclusive: the drain did not finish within its "
                + "bound")), o);
    }

    @Test
    void notesDoNotCount() {
        Finding backlog = Finding.of(FindingCode.BACKLOG_CHANGED, "backlog changed: ...");
        Finding warm = Finding.of(FindingCode.NOT_WARMED_UP, "not warmed up: ...");
        assertEquals(StepOutcome.PASS, StepRule.judge(with(10_000, 20_000, 300, 20_000, backlog, warm), P99_50MS));
    }

    @Test
    void aPointThatNeverMeasuredFailsWithItsOwnReason() {
        Finding aborted = Finding.of(FindingCode.ABORTED, "aborted: agent lost");
        StepOutcome o = StepRule.judge(new StepFigures(10_000, Double.NaN, Double.NaN, 2, Double.NaN, Double.NaN,
                List.of(aborted)), P99_50MS);
        assertEquals(new StepOutcome(Outcome.FAIL, List.of("invalid: aborted: agent lost",
                "nothing was measured: the window never completed",
                "p99 not measured: no message was received in the window")), o);
    }

    @Test
    void latencyBelowTenMillisecondsKeepsTwoDecimals() {
        assertEquals("1.23", StepRule.millis(1_234));
        assertEquals("1,234.6", StepRule.millis(1_234_567));
    }
}
