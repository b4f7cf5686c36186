package io.jmsbench.run;

import io.jmsbench.model.CostModel;
import io.jmsbench.model.Excluded;
import io.jmsbench.model.ExclusionReason;
import io.jmsbench.model.ModelFit;
import io.jmsbench.model.ModelNotFitted;
import io.jmsbench.report.IntervalSample;
import io.jmsbench.report.LatencyFigures;
import io.jmsbench.report.PointEnvironment;
import io.jmsbench.report.PointResult;
import io.jmsbench.report.PointResult.AgentFootprint;
import io.jmsbench.report.PointResult.BrokerResources;
import io.jmsbench.report.PointResult.ClientSpread;
import io.jmsbench.report.PointResult.CpuFigures;
import io.jmsbench.report.DrainEnd;
import io.jmsbench.report.PointResult.Drain;
import io.jmsbench.report.PointResult.PhaseTimes;
import io.jmsbench.report.PointResult.RateFigure;
import io.jmsbench.report.PointResult.ReplicationGrade;
import io.jmsbench.report.PointResult.Totals;
import io.jmsbench.report.WarmupEnd;
import io.jmsbench.report.WindowEnd;
import io.jmsbench.verdict.Finding;
import io.jmsbench.verdict.FindingCode;
import io.jmsbench.verdict.Verdict;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static io.jmsbench.model.CostModel.PAPER_T_FLTR;
import static io.jmsbench.model.CostModel.PAPER_T_RCV;
import static io.jmsbench.model.CostModel.PAPER_T_TX;
import static org.junit.jupiter.api.Assertions.assertEquals;

class ModelFitsTest {

    /** A point measured exactly as the paper's parameters predict, invalid by {@code drain} when given. */
    private static PointResult point(int r, int mAdd, double rate, String drain) {
        return point(null, r, mAdd, rate, drain);
    }

    private static PointResult point(String comparedSet, int r, int mAdd, double rate, String drain) {
        Map<String, Object> parameters = new LinkedHashMap<>();
        if (comparedSet != null) {
            parameters.put("compare", comparedSet);
        }
        parameters.put("r", (long) r);
        parameters.put("m_add", (long) mAdd);
        List<String> invalid = drain == null ? List.of() : List.of(drain);
        long received = Math.round(rate * 10);
        return new PointResult(new PointResult.Key(parameters, 1), new PointResult.Judgement(invalid.isEmpty(), invalid,
                List.of(), invalid.stream().map(reason -> Finding.of(FindingCode.DRAIN_INCOMPLETE, reason)).toList(),
                invalid.isEmpty() ? Verdict.VALID : Verdict.INVALID), new PointResult.Timing(new PhaseTimes("2024-05-01T10:00:00Z", "2024-05-01T10:00:01Z", "2024-05-01T10:00:02Z",
                        "2024-05-01T10:00:12Z", "2024-05-01T10:00:12.5Z", "2024-05-01T10:00:13Z"),
                new PointResult.Windows(WarmupEnd.TIME, 1, Double.NaN, WindowEnd.TIME, Double.NaN)),
                new PointResult.Rates(new RateFigure(received, rate, 10.0), new RateFigure(received * r, rate * r, 10.0),
                        rate * (r + 1), new ReplicationGrade(r, r), r + mAdd),
                new PointResult.Delivery(new Totals(received, received * r, 0, 0, null, null), new Drain(DrainEnd.COMPLETE, 0.5, 100, 100), io.jmsbench.metrics.AuditCounts.NONE,
                new LatencyFigures(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                        Double.NaN, LatencyFigures.ACTUAL), null, List.of()),
                new PointResult.Resources(new CpuFigures(4, 1, 0.5, 0.25, 0.9, 0.6),
                        new BrokerResources(512L << 20, 0, 4096, 1_000_000),
                        new AgentFootprint(2.5, 64L << 20, 40, 96L << 20, 60), new ClientSpread(rate, rate, rate, rate)),
                List.<IntervalSample>of(), PointEnvironment.NONE);
    }

    private static double paperRate(int r, int mAdd) {
        return 1 / CostModel.processingTime(PAPER_T_RCV, PAPER_T_FLTR, PAPER_T_TX, r + mAdd, r);
    }

    @Test
    void theRunsFitListsItsInvalidAndRatelessPointsWithTheirReason() {
        List<PointResult> results = new ArrayList<>();
        for (int r : new int[] {1, 2, 5}) {
            for (int mAdd : new int[] {5, 20}) {
                results.add(point(r, mAdd, paperRate(r, mAdd), null));
            }
        }
        results.add(point(10, 5, paperRate(10, 5) / 2, "drain ended quiet with 5 receipts missing"));
        results.add(point(10, 20, Double.NaN, null));

        ModelFit fit = ModelFits.of(results);

        assertEquals(6, fit.pointsUsed());
        assertEquals(PAPER_T_TX, fit.tTx(), 1e-9 * PAPER_T_TX, "the invalid point was not fitted");
        assertEquals(List.of(
                new Excluded("r=10, m_add=5", ExclusionReason.INVALID, "drain ended quiet with 5 receipts missing"),
                new Excluded("r=10, m_add=20", ExclusionReason.NO_RECEIVED_RATE, "found NaN")), fit.excluded());
        assertEquals(3, fit.estimates().size());
    }

    @Test
    void brokersSideBySideGetOneFitEachNeverOneAcrossThem() {
        List<PointResult> results = new ArrayList<>();
        for (int r : new int[] {1, 2, 5}) {
            for (int mAdd : new int[] {5, 20}) {
                results.add(point("classic", r, mAdd, paperRate(r, mAdd), null));
                // a broker twice as fast in every part: each parameter halved
                results.add(point("artemis", r, mAdd, 2 * paperRate(r, mAdd), null));
            }
        }
        Map<String, ModelFit> fits = ModelFits.byComparedSet(results);

        assertEquals(List.of("classic", "artemis"), new ArrayList<>(fits.keySet()));
        assertEquals(PAPER_T_RCV, fits.get("classic").tRcv(), 1e-9 * PAPER_T_RCV);
        assertEquals(PAPER_T_TX / 2, fits.get("artemis").tTx(), 1e-9 * PAPER_T_TX);
        assertEquals(PAPER_T_FLTR / 2, fits.get("artemis").tFltr(), 1e-6 * PAPER_T_FLTR);
        assertEquals(6, fits.get("artemis").pointsUsed());
        assertEquals(Map.of(), ModelFits.byComparedSet(results.stream()
                .map(p -> point((int) (long) (Long) p.key().parameters().get("r"), (int) (long) (Long) p.key().parameters()
                        .get("m_add"), p.rates().received().rate(), null)).toList()), "no compared sets, no fits per set");
    }

    @Test
    void aDesignThatWouldIdentifyTheModelButHasTooFewUsablePointsSaysWhyItWasNotFitted() {
        String drain = "drain ended timeout with 49 receipts missing";
        List<PointResult> results = List.of(point(1, 3, paperRate(1, 3), null), point(1, 250, 767, drain),
                point(3, 3, paperRate(3, 3), null), point(3, 250, 392, drain), point(10, 3, 1968, drain),
                point(10, 250, Double.NaN, null));

        assertEquals(null, ModelFits.of(results));
        ModelNotFitted why = ModelFits.notFitted(null, results);
        assertEquals(6, why.points());
        assertEquals(2, why.usable());
        assertEquals(List.of("r=1, m_add=250", "r=3, m_add=250", "r=10, m_add=3", "r=10, m_add=250"),
                why.excluded().stream().map(Excluded::label).toList());
        assertEquals("not fitted: 2 of the 6 points could be used, and a fit needs at least 4 with both n_fltr and r"
                + " varying; left out: r=1, m_add=250 (invalid: " + drain + "); r=3, m_add=250 (invalid: " + drain
                + "); r=10, m_add=3 (invalid: " + drain + "); r=10, m_add=250 (no positive received rate: found NaN)",
                why.sentence());

        List<PointResult> perSet = results.stream().map(p -> point("rabbitmq", (int) (long) (Long) p.key().parameters().get("r"),
                (int) (long) (Long) p.key().parameters().get("m_add"), p.rates().received().rate(),
                p.judgement().valid() ? null : drain)).toList();
        assertEquals("rabbitmq", ModelFits.notFittedByComparedSet(perSet).get(0).set());
    }

    @Test
    void nothingIsSaidWhereAModelWasFittedOrTheDesignNeverIdentifiedOne() {
        List<PointResult> fitted = new ArrayList<>();
        List<PointResult> oneGrade = new ArrayList<>();
        for (int r : new int[] {1, 2, 5}) {
            for (int mAdd : new int[] {5, 20}) {
                fitted.add(point(r, mAdd, paperRate(r, mAdd), null));
                oneGrade.add(point(1, mAdd + r, paperRate(1, mAdd + r), "drain ended timeout"));
            }
        }
        assertEquals(null, ModelFits.notFitted(null, fitted));
        assertEquals(null, ModelFits.notFitted(null, oneGrade), "r never varies: no model was ever in reach");
    }
}
