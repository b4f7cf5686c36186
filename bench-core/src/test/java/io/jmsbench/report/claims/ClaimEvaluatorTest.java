package io.jmsbench.report.claims;

import io.jmsbench.report.ClaimLines;
import io.jmsbench.report.ClaimReason;
import io.jmsbench.report.ClaimResult;
import io.jmsbench.report.ClaimVerdict;
import io.jmsbench.report.PointResult.RateFigure;
import io.jmsbench.report.PointResult;
import io.jmsbench.report.SweepTableTest;
import io.jmsbench.scenario.ScenarioException;
import io.jmsbench.scenario.ScenarioPlan;
import io.jmsbench.scenario.read.ScenarioLoader;
import io.jmsbench.verdict.Finding;
import io.jmsbench.verdict.FindingCode;
import io.jmsbench.verdict.Verdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Claims judged on points whose rates and 95% intervals the test sets. */
@Timeout(60)
class ClaimEvaluatorTest {

    private static final String SWEEP = """
            name: claims
            message: {properties: 1}
            subscribers:
              - {clients: 1, filter: {on: P1, equals: "#0"}}
            phases: {warmup: 1s, measure: 10s, drain: 5s}
            sweep:
              subscribers[0].clients: [1, 2, 4]
              message.size: [128, 1024]
            expect:
            """;

    private static ScenarioPlan plan(String claim) throws ScenarioException {
        return ScenarioLoader.parsePlan(SWEEP + "  - " + claim + "\n", "claims.yaml", "claims", List.of());
    }

    /** One run of a point with the received rate and its window's 95% half-width given. */
    private static PointResult point(Map<String, Object> parameters, double rate, double halfWidth, boolean valid,
                                     boolean sharedHostCpuOnly) {
        PointResult p = SweepTableTest.run(parameters, 1, rate, 1, 1.0, 1.5, List.of());
        List<Finding> findings = valid ? List.of() : sharedHostCpuOnly
                ? List.of(Finding.of(FindingCode.SHARED_HOST, "shared host"),
                        Finding.of(FindingCode.CPU_RULE_BROKER, "broker not saturated"))
                : List.of(Finding.of(FindingCode.DRAIN_INCOMPLETE, "not drained"));
        return p.toBuilder()
                .judgement(new PointResult.Judgement(valid, valid ? List.of() : List.of("not drained"),
                        p.judgement().labels(), findings, valid ? Verdict.VALID : Verdict.INVALID))
                .rates(new PointResult.Rates(new RateFigure(p.rates().received().messages(), rate, 10.0, halfWidth),
                        new RateFigure(p.rates().dispatched().messages(), rate, 10.0, halfWidth), 2 * rate,
                        p.rates().replicationGrade(), p.rates().filters()))
                .build();
    }

    /** Every point of the plan, the received rate and half-width taken from {@code rate} by clients and size. */
    private static List<PointResult> points(ScenarioPlan plan, Rate rate) {
        List<PointResult> out = new ArrayList<>();
        for (ScenarioPlan.Point p : plan.points()) {
            long clients = (Long) p.parameters().get("subscribers[0].clients");
            long size = (Long) p.parameters().get("message.size");
            double[] figure = rate.at(clients, size);
            out.add(point(p.parameters(), figure[0], figure[1], figure.length < 3, figure.length == 4));
        }
        return out;
    }

    private interface Rate {
        /**
         * {rate, halfWidth}; {rate, halfWidth, 0} for an invalid point; {rate, halfWidth, 0, 0} for one
         * invalid by the CPU rules only, on a shared host.
         */
        double[] at(long clients, long size);
    }

    private static ClaimResult judge(String claim, Rate rate) throws ScenarioException {
        ScenarioPlan plan = plan(claim);
        List<ClaimResult> results = ClaimEvaluator.evaluate(plan.claims(), plan.sweep(), points(plan, rate));
        assertEquals(1, results.size());
        return results.get(0);
    }

    private static List<ClaimReason.Code> codes(ClaimResult r) {
        return r.groups().stream().flatMap(g -> g.reasons().stream()).map(ClaimReason::code).distinct().toList();
    }

    @Test
    void aFallBeyondTheIntervalsHoldsInEveryGroup() throws ScenarioException {
        ClaimResult r = judge("{received: decreasing, in: \"subscribers[0].clients\"}",
                (clients, size) -> new double[] {10_000.0 / clients, 100});
        assertEquals(ClaimVerdict.HOLDS, r.verdict(), r.toString());
        assertEquals(2, r.groups().size(), "one group per message.size");
        assertEquals(List.of(ClaimReason.Code.APART), codes(r));
        assertEquals(Map.of("message.size", "128"), r.groups().get(0).fixed());
    }

    @Test
    void aSignificantRiseAnywhereContradictsAFall() throws ScenarioException {
        ClaimResult r = judge("{received: decreasing, in: \"subscribers[0].clients\"}",
                (clients, size) -> new double[] {clients == 2 && size == 1024 ? 12_000 : 10_000.0 / clients, 100});
        assertEquals(ClaimVerdict.CONTRADICTED, r.verdict());
        assertEquals(ClaimVerdict.HOLDS, r.groups().get(0).verdict(), "size 128 still falls");
        assertTrue(r.groups().get(1).reasons().get(0).text().contains("rose from 10,000 ± 100"),
                r.groups().get(1).reasons().toString());
    }

    @Test
    void overlappingIntervalsAreInconclusiveNotAPass() throws ScenarioException {
        ClaimResult r = judge("{received: decreasing, in: \"subscribers[0].clients\"}",
                (clients, size) -> new double[] {10_000 - clients * 10, 500});
        assertEquals(ClaimVerdict.INCONCLUSIVE, r.verdict());
        assertEquals(List.of(ClaimReason.Code.OVERLAP), codes(r));
    }

    @Test
    void anInvalidPointTurnsAVerdictInconclusiveAndSaysWhatTheFiguresAloneGive() throws ScenarioException {
        ClaimResult r = judge("{received: decreasing, in: \"subscribers[0].clients\", where: {message.size: 128}}",
                (clients, size) -> clients == 4 ? new double[] {2_500, 100, 0} : new double[] {10_000.0 / clients, 100});
        assertEquals(ClaimVerdict.INCONCLUSIVE, r.verdict());
        assertEquals(1, r.groups().size(), "where keeps one group");
        ClaimReason first = r.groups().get(0).reasons().get(0);
        assertEquals(ClaimReason.Code.NOT_VALID, first.code());
        assertTrue(first.text().contains("subscribers[0].clients=4") && first.text().contains("say holds"), first.text());
    }

    @Test
    void aPointInvalidByTheCpuRulesOnASharedHostCountsAndTheVerdictSaysSo() throws ScenarioException {
        ClaimResult r = judge("{received: decreasing, in: \"subscribers[0].clients\", where: {message.size: 128}}",
                (clients, size) -> clients == 4 ? new double[] {2_500, 100, 0, 0} : new double[] {10_000.0 / clients, 100});
        assertEquals(ClaimVerdict.HOLDS, r.verdict(), r.toString());
        assertEquals(List.of(ClaimReason.Code.APART, ClaimReason.Code.SHARED_HOST), codes(r));
        assertTrue(r.groups().get(0).reasons().get(1).text().contains("subscribers[0].clients=4 (this machine's rates"),
                r.toString());
    }

    @Test
    void theSharedHostNoteIsSaidOnceForAClaimOfSeveralGroupsWithItsCount() throws ScenarioException {
        ClaimResult r = judge("{received: decreasing, in: \"subscribers[0].clients\"}",
                (clients, size) -> clients == 4 ? new double[] {2_500, 100, 0, 0} : new double[] {10_000.0 / clients, 100});
        assertEquals(2, r.groups().size());
        r.groups().forEach(g -> assertTrue(g.reasons().stream().anyMatch(x -> x.code() == ClaimReason.Code.SHARED_HOST),
                "report.json keeps each group's own reason: " + g));
        List<String> lines = ClaimLines.lines(List.of(r));
        assertEquals(1, lines.stream().filter(l -> l.contains("CPU rules call them invalid")).count(), lines.toString());
        assertTrue(lines.get(lines.size() - 1).contains("2 of the 6 points counted"), lines.toString());
        assertEquals(1, ClaimLines.section(List.of(r)).split("CPU rules call them invalid", -1).length - 1);
    }

    @Test
    void flatHoldsInsideTheBandAndIsContradictedWhollyOutsideIt() throws ScenarioException {
        ClaimResult flat = judge("{overall: flat, in: \"subscribers[0].clients\", within: 10%}",
                (clients, size) -> new double[] {10_000 + clients * 50, 100});
        assertEquals(ClaimVerdict.HOLDS, flat.verdict(), flat.toString());
        ClaimResult steep = judge("{received: flat, in: \"subscribers[0].clients\", within: 5%}",
                (clients, size) -> new double[] {10_000.0 * clients, 100});
        assertEquals(ClaimVerdict.CONTRADICTED, steep.verdict());
        assertEquals(List.of(ClaimReason.Code.OUTSIDE), codes(steep));
        ClaimResult wide = judge("{received: flat, in: \"subscribers[0].clients\", within: 5%}",
                (clients, size) -> new double[] {10_000, 800});
        assertEquals(ClaimVerdict.INCONCLUSIVE, wide.verdict());
        assertEquals(List.of(ClaimReason.Code.STRADDLES), codes(wide));
    }

    @Test
    void fromKeepsATrendsValuesFromOneOn() throws ScenarioException {
        Rate kneeThenFlat = (clients, size) -> new double[] {clients == 1 ? 5_000 : 10_000, 100};
        assertEquals(ClaimVerdict.CONTRADICTED, judge("{received: flat, in: \"subscribers[0].clients\", within: 5%}",
                kneeThenFlat).verdict());
        assertEquals(ClaimVerdict.HOLDS, judge("{received: flat, in: \"subscribers[0].clients\", from: 2, within: 5%}",
                kneeThenFlat).verdict());
    }

    @Test
    void anOrderHoldsOnlyWhenEachStepIsApart() throws ScenarioException {
        assertEquals(ClaimVerdict.HOLDS, judge("{received: ordered, by: \"subscribers[0].clients\", order: [1, 2, 4]}",
                (clients, size) -> new double[] {10_000.0 / clients, 100}).verdict());
        ClaimResult reversed = judge("{received: ordered, by: \"subscribers[0].clients\", order: [4, 2, 1]}",
                (clients, size) -> new double[] {10_000.0 / clients, 100});
        assertEquals(ClaimVerdict.CONTRADICTED, reversed.verdict());
        assertEquals(List.of(ClaimReason.Code.REVERSED), codes(reversed));
        ClaimResult close = judge("{received: ordered, by: \"subscribers[0].clients\", order: [1, 2]}",
                (clients, size) -> new double[] {10_000 - clients, 100});
        assertEquals(ClaimVerdict.INCONCLUSIVE, close.verdict());
    }

    @Test
    void aRatioIsJudgedOnTheBoundOfItsInterval() throws ScenarioException {
        Rate rate = (clients, size) -> new double[] {clients == 1 ? 10_000 : 9_800, 50};
        ClaimResult holds = judge("{received: ratio, by: \"subscribers[0].clients\", of: 2, to: 1, atLeast: 0.95}", rate);
        assertEquals(ClaimVerdict.HOLDS, holds.verdict(), holds.toString());
        assertTrue(holds.groups().get(0).reasons().get(0).text().contains("is 0.980 (95%: 0.970 to 0.990)"),
                holds.groups().get(0).reasons().toString());
        assertEquals(ClaimVerdict.CONTRADICTED,
                judge("{received: ratio, by: \"subscribers[0].clients\", of: 2, to: 1, atLeast: 1.0}", rate).verdict());
        assertEquals(ClaimVerdict.INCONCLUSIVE,
                judge("{received: ratio, by: \"subscribers[0].clients\", of: 2, to: 1, atLeast: 0.98}", rate).verdict());
        assertEquals(ClaimVerdict.CONTRADICTED,
                judge("{received: ratio, by: \"subscribers[0].clients\", of: 2, to: 1, atMost: 0.9}", rate).verdict());
    }

    @Test
    void aPointWithoutAnIntervalIsInconclusive() throws ScenarioException {
        ClaimResult r = judge("{received: decreasing, in: \"subscribers[0].clients\"}",
                (clients, size) -> new double[] {10_000.0 / clients, Double.NaN});
        assertEquals(ClaimVerdict.INCONCLUSIVE, r.verdict());
        assertEquals(List.of(ClaimReason.Code.NO_INTERVAL), codes(r));
    }

    @Test
    void pointsNeverMeasuredLeaveTheClaimInconclusive() throws ScenarioException {
        ScenarioPlan plan = plan("{received: ordered, by: \"subscribers[0].clients\", order: [1, 4]}");
        List<PointResult> firstOnly = points(plan, (clients, size) -> new double[] {1000, 10}).subList(0, 1);
        ClaimResult r = ClaimEvaluator.evaluate(plan.claims(), plan.sweep(), firstOnly).get(0);
        assertEquals(ClaimVerdict.INCONCLUSIVE, r.verdict());
        assertEquals(List.of(ClaimReason.Code.MISSING), codes(r));
        ClaimResult none = ClaimEvaluator.evaluate(plan.claims(), plan.sweep(), List.of()).get(0);
        assertEquals(List.of(ClaimReason.Code.NO_POINTS), codes(none));
    }
}
