package io.jmsbench.model;

import com.fasterxml.jackson.databind.JsonNode;
import io.jmsbench.protocol.Json;
import io.jmsbench.stats.StudentT;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

import static io.jmsbench.model.CostModel.PAPER_T_FLTR;
import static io.jmsbench.model.CostModel.PAPER_T_RCV;
import static io.jmsbench.model.CostModel.PAPER_T_TX;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(30)
class CostModelTest {

    /** The paper's §4.5 grid without r = 20, 40 (which the paper left out of its fit). */
    private static final double[] GRADES = {1, 2, 5, 10};
    private static final double[] EXTRA_FILTERS = {5, 10, 20, 40};

    private static List<ModelPoint> grid(double tRcv, double tFltr, double tTx, Random noise, double spread) {
        List<ModelPoint> points = new ArrayList<>();
        for (double r : GRADES) {
            for (double mAdd : EXTRA_FILTERS) {
                double filters = r + mAdd;
                double b = CostModel.processingTime(tRcv, tFltr, tTx, filters, r);
                double factor = noise == null ? 1 : 1 + spread * (2 * noise.nextDouble() - 1);
                points.add(new ModelPoint("r=" + (int) r + " m_add=" + (int) mAdd, filters, r, factor / b));
            }
        }
        return points;
    }

    private static void assertRelative(double expected, double actual, double tolerance, String what) {
        assertTrue(Math.abs(actual - expected) <= tolerance * Math.abs(expected),
                what + ": expected " + expected + ", found " + actual);
    }

    @Test
    void recoversThePaperParametersFromNoiseFreePoints() {
        ModelFit fit = CostModel.fit(grid(PAPER_T_RCV, PAPER_T_FLTR, PAPER_T_TX, null, 0));

        assertRelative(PAPER_T_RCV, fit.tRcv(), 1e-9, "t_rcv");
        assertRelative(PAPER_T_FLTR, fit.tFltr(), 1e-9, "t_fltr");
        assertRelative(PAPER_T_TX, fit.tTx(), 1e-9, "t_tx");
        assertEquals(1.0, fit.rSquared(), 1e-12);
        assertEquals(List.of(), fit.warnings());
        assertEquals(16, fit.pointsUsed());
        assertEquals(16, fit.pointsUsedLabels().size());
        assertEquals("r=1 m_add=5", fit.pointsUsedLabels().get(0));
        for (ModelFit.Residual r : fit.residuals()) {
            assertEquals(0, r.relativeError(), 1e-12, r.label());
        }
    }

    @Test
    void thePaperParametersGiveThePaperFigures() {
        ModelFit paper = new ModelFit(PAPER_T_RCV, PAPER_T_FLTR, PAPER_T_TX, Double.NaN, List.of(), Double.NaN,
                Double.NaN, List.of(), 0, List.of(), null, Double.NaN, 0, null, null);
        // n_fltr = 0, r = 1: B = 4.9e-5 + 1.5e-5 = 6.4e-5 s -> 1 / B = 15625 msgs/s, 2 / B = 31250
        assertEquals(6.4e-5, CostModel.processingTime(PAPER_T_RCV, PAPER_T_FLTR, PAPER_T_TX, 0, 1), 1e-18);
        assertEquals(15625, paper.predictReceivedRate(0, 1), 1e-6);
        assertEquals(31250, paper.predictOverallRate(0, 1), 1e-6);
        // n_fltr = 15 (r = 10, m_add = 5): B = 4.9e-5 + 15 * 1.6e-7 + 10 * 1.5e-5 = 4.9e-5 + 2.4e-6 + 1.5e-4
        // = 2.014e-4 s -> 4965.24 msgs/s received, 11 / B = 54617.68 overall
        assertEquals(4965.24, paper.predictReceivedRate(15, 10), 0.01);
        assertEquals(54617.68, paper.predictOverallRate(15, 10), 0.01);
        // n_fltr = 45 (r = 5, m_add = 40): B = 4.9e-5 + 7.2e-6 + 7.5e-5 = 1.312e-4 s -> 7621.95, 6 / B = 45731.71
        assertEquals(7621.95, paper.predictReceivedRate(45, 5), 0.01);
        assertEquals(45731.71, paper.predictOverallRate(45, 5), 0.01);
        // n_fltr = 200, r = 10: B = 4.9e-5 + 3.2e-5 + 1.5e-4 = 2.31e-4 s -> 4329.00, 11 / B = 47619.05
        assertEquals(4329.00, paper.predictReceivedRate(200, 10), 0.01);
        assertEquals(47619.05, paper.predictOverallRate(200, 10), 0.01);

        ModelFit fitted = CostModel.fit(grid(PAPER_T_RCV, PAPER_T_FLTR, PAPER_T_TX, null, 0));
        assertRelative(15625, fitted.predictReceivedRate(0, 1), 1e-9, "fitted received rate");
        assertRelative(47619.0476, fitted.predictOverallRate(200, 10), 1e-9, "fitted overall rate");
    }

    @Test
    void constantFiltersCannotSeparateTFltrFromTRcv() {
        List<ModelPoint> points = new ArrayList<>();
        for (double r : GRADES) {
            points.add(new ModelPoint("r=" + r, 45, r, 1 / CostModel.processingTime(PAPER_T_RCV, PAPER_T_FLTR,
                    PAPER_T_TX, 45, r)));
        }
        ModelFit fit = CostModel.fit(points);

        assertEquals(List.of("n_fltr is the same (45) at every point: t_fltr cannot be told apart from t_rcv;"
                + " sweep the number of filters to separate them"), fit.warnings());
        // t_rcv keeps the shared cost: 4.9e-5 + 45 * 1.6e-7 = 5.62e-5 s; the measured points still fit exactly
        assertEquals(0, fit.tFltr());
        assertRelative(5.62e-5, fit.tRcv(), 1e-9, "t_rcv");
        assertRelative(PAPER_T_TX, fit.tTx(), 1e-9, "t_tx");
        assertEquals(1.0, fit.rSquared(), 1e-12);
    }

    @Test
    void constantReplicationGradeCannotSeparateTTxFromTRcv() {
        List<ModelPoint> points = new ArrayList<>();
        for (double mAdd : EXTRA_FILTERS) {
            points.add(new ModelPoint("m_add=" + mAdd, 1 + mAdd, 1, 1 / CostModel.processingTime(PAPER_T_RCV,
                    PAPER_T_FLTR, PAPER_T_TX, 1 + mAdd, 1)));
        }
        ModelFit fit = CostModel.fit(points);

        assertEquals(List.of("r is the same (1) at every point: t_tx cannot be told apart from t_rcv;"
                + " sweep the replication grade to separate them"), fit.warnings());
        assertEquals(0, fit.tTx());
        assertRelative(PAPER_T_RCV + PAPER_T_TX, fit.tRcv(), 1e-9, "t_rcv");
        assertRelative(PAPER_T_FLTR, fit.tFltr(), 1e-9, "t_fltr");
    }

    @Test
    void sweepingOnlyTheReplicationGradeMakesFiltersCollinearWithIt() {
        List<ModelPoint> points = new ArrayList<>();
        for (double r : GRADES) { // five extra non-matching filters at every point: n_fltr = r + 5
            points.add(new ModelPoint("r=" + r, r + 5, r, 1 / CostModel.processingTime(PAPER_T_RCV, PAPER_T_FLTR,
                    PAPER_T_TX, r + 5, r)));
        }
        ModelFit fit = CostModel.fit(points);

        assertEquals(List.of("n_fltr and r are collinear (n_fltr = r + 5 at every point): t_fltr cannot be told"
                + " apart from t_rcv and t_tx; sweep the extra non-matching filters independently of r"),
                fit.warnings());
        assertEquals(1.0, fit.rSquared(), 1e-12);
        assertRelative(1 / CostModel.processingTime(PAPER_T_RCV, PAPER_T_FLTR, PAPER_T_TX, 7, 2),
                fit.predictReceivedRate(7, 2), 1e-9, "prediction on the swept line");
    }

    @Test
    void fewerThanThreePointsSayWhy() {
        ModelFit fit = CostModel.fit(List.of(new ModelPoint("a", 6, 1, 15000), new ModelPoint("b", 20, 10, 5000)));

        assertEquals(List.of("only 2 points: the three parameters need at least 3 points with different"
                + " (n_fltr, r)"), fit.warnings());
        assertTrue(Double.isNaN(fit.looMedianRelativeError()));
        assertTrue(Double.isNaN(fit.looWorstRelativeError()));
        assertEquals(0, fit.residuals().get(0).relativeError(), 1e-12);
    }

    @Test
    void aNegativeUnconstrainedTFltrIsClampedToZeroAndSaysSo() {
        List<ModelPoint> points = grid(PAPER_T_RCV, 0, PAPER_T_TX, new Random(7), 0.02);
        double[] free = normalEquations(points, true);
        assertTrue(free[1] < 0, "precondition: the noise makes unconstrained t_fltr negative, found " + free[1]);

        ModelFit fit = CostModel.fit(points);

        assertEquals(0, fit.tFltr());
        assertEquals(List.of(String.format(Locale.ROOT, "t_fltr was clamped to 0 by the non-negativity constraint"
                + " (unconstrained least squares gives %.2e s)", free[1])), fit.warnings());
        // with t_fltr at 0 the optimum is least squares on (1, r) alone, here solved another way
        double[] reduced = normalEquations(points, false);
        assertRelative(reduced[0], fit.tRcv(), 1e-9, "t_rcv");
        assertRelative(reduced[2], fit.tTx(), 1e-9, "t_tx");
        assertTrue(fit.tRcv() > 0 && fit.tTx() > 0);
        assertTrue(fit.rSquared() < 1 && fit.rSquared() > 0.9, "R^2 " + fit.rSquared());
    }

    @Test
    void leaveOneOutIsZeroWithoutNoiseAndPositiveWithIt() {
        ModelFit exact = CostModel.fit(grid(PAPER_T_RCV, PAPER_T_FLTR, PAPER_T_TX, null, 0));
        assertEquals(0, exact.looMedianRelativeError(), 1e-12);
        assertEquals(0, exact.looWorstRelativeError(), 1e-12);

        ModelFit noisy = CostModel.fit(grid(PAPER_T_RCV, PAPER_T_FLTR, PAPER_T_TX, new Random(1), 0.02));
        assertTrue(noisy.looMedianRelativeError() > 1e-4, "median " + noisy.looMedianRelativeError());
        assertTrue(noisy.looWorstRelativeError() >= noisy.looMedianRelativeError());
        assertTrue(noisy.looWorstRelativeError() < 0.1, "worst " + noisy.looWorstRelativeError());
    }

    @Test
    void noPointsIsAnErrorWithASentence() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CostModel.fit(List.of()));
        assertEquals("no points to fit: the cost model needs measured points, at least 3 for its 3 parameters",
                e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> CostModel.fit(null));
    }

    @Test
    void aNonPositiveRateIsAnErrorWithASentence() {
        IllegalArgumentException zero = assertThrows(IllegalArgumentException.class,
                () -> CostModel.fit(List.of(new ModelPoint("r=1", 6, 1, 0))));
        assertEquals("point 'r=1': received rate must be a positive finite number of msgs/s, found 0.0",
                zero.getMessage());
        IllegalArgumentException nan = assertThrows(IllegalArgumentException.class,
                () -> new ModelPoint("r=2", 7, 2, Double.NaN));
        assertEquals("point 'r=2': received rate must be a positive finite number of msgs/s, found NaN",
                nan.getMessage());
        IllegalArgumentException filters = assertThrows(IllegalArgumentException.class,
                () -> new ModelPoint("x", -1, 2, 10));
        assertEquals("point 'x': filters must be a finite number >= 0, found -1.0", filters.getMessage());
    }

    @Test
    void theFitRoundTripsThroughTheReportJsonAndOnlyItsFieldsAreWritten() throws Exception {
        ModelFit fit = CostModel.fit(grid(PAPER_T_RCV, PAPER_T_FLTR, PAPER_T_TX, new Random(3), 0.01).subList(0, 3));
        JsonNode tree = Json.MAPPER.valueToTree(fit);
        List<String> names = new ArrayList<>();
        tree.fieldNames().forEachRemaining(names::add);

        assertEquals(List.of("tRcv", "tFltr", "tTx", "rSquared", "residuals", "looMedianRelativeError",
                "looWorstRelativeError", "warnings", "pointsUsed", "pointsUsedLabels", "estimates", "residualVariance",
                "degreesOfFreedom", "covariance", "excluded"), names);
        assertFalse(tree.toString().contains("predictReceivedRate") || tree.toString().contains("withWarnings"));
        String text = Json.MAPPER.writeValueAsString(fit);
        assertTrue(text.contains("\"looMedianRelativeError\":\"NaN\""), text); // 3 points: no leave-one-out
        assertEquals(fit, Json.MAPPER.readValue(text, ModelFit.class));
    }

    /** The grid with additive Gaussian noise of {@code sigma} seconds on B, the error the least-squares theory assumes. */
    private static List<ModelPoint> gaussianGrid(Random noise, double sigma) {
        List<ModelPoint> points = new ArrayList<>();
        for (ModelPoint p : grid(PAPER_T_RCV, PAPER_T_FLTR, PAPER_T_TX, null, 0)) {
            double b = 1 / p.receivedRate() + sigma * noise.nextGaussian();
            points.add(new ModelPoint(p.label(), p.filters(), p.replicationGrade(), 1 / b));
        }
        return points;
    }

    private static final double[] TRUE = {PAPER_T_RCV, PAPER_T_FLTR, PAPER_T_TX};

    @Test
    void noiseFreePointsGiveTheTrueValuesWithNoUncertainty() {
        ModelFit fit = CostModel.fit(grid(PAPER_T_RCV, PAPER_T_FLTR, PAPER_T_TX, null, 0));

        assertEquals(13, fit.degreesOfFreedom());
        assertEquals(List.of("t_rcv", "t_fltr", "t_tx"), fit.estimates().stream().map(Estimate::name).toList());
        for (int j = 0; j < 3; j++) {
            Estimate e = fit.estimates().get(j);
            assertRelative(TRUE[j], e.value(), 1e-9, e.name());
            assertTrue(e.standardError() >= 0 && e.standardError() < 1e-9 * TRUE[j], e.toString());
            assertRelative(TRUE[j], e.low95(), 1e-9, e.name() + " low");
            assertRelative(TRUE[j], e.high95(), 1e-9, e.name() + " high");
            assertFalse(e.clamped());
            assertTrue(e.excludesZero());
            assertEquals("", fit.remark(e));
        }
        PredictedRate p = fit.predictWithInterval(200, 10);
        assertRelative(4329.0043, p.rate(), 1e-6, "predicted rate");
        assertRelative(p.rate(), p.low95(), 1e-9, "interval low");
        assertRelative(p.rate(), p.high95(), 1e-9, "interval high");
    }

    @Test
    void theCovarianceIsTheLeastSquaresOneByAnotherRoute() {
        List<ModelPoint> points = gaussianGrid(new Random(5), 2e-6);
        ModelFit fit = CostModel.fit(points);
        assertEquals(3, fit.estimates().stream().filter(e -> !Double.isNaN(e.standardError())).count());

        // s^2 (X^T X)^-1 by the adjugate of the normal matrix, and s^2 from the residuals
        double[][] g = new double[3][3];
        double rss = 0;
        for (ModelPoint p : points) {
            double[] row = {1, p.filters(), p.replicationGrade()};
            for (int i = 0; i < 3; i++) {
                for (int j = 0; j < 3; j++) {
                    g[i][j] += row[i] * row[j];
                }
            }
            double e = 1 / p.receivedRate() - CostModel.processingTime(fit.tRcv(), fit.tFltr(), fit.tTx(),
                    p.filters(), p.replicationGrade());
            rss += e * e;
        }
        double s2 = rss / (points.size() - 3);
        assertRelative(s2, fit.residualVariance(), 1e-9, "s^2");
        double det = det3(g);
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                // cofactor of g[j][i] (g is symmetric, so of g[i][j]) over the determinant
                int r0 = j == 0 ? 1 : 0;
                int r1 = j == 2 ? 1 : 2;
                int c0 = i == 0 ? 1 : 0;
                int c1 = i == 2 ? 1 : 2;
                double inverse = ((i + j) % 2 == 0 ? 1 : -1) * (g[r0][c0] * g[r1][c1] - g[r0][c1] * g[r1][c0]) / det;
                assertRelative(s2 * inverse, fit.covariance().get(i).get(j), 1e-6, "cov[" + i + "][" + j + "]");
            }
            assertRelative(Math.sqrt(fit.covariance().get(i).get(i)), fit.estimates().get(i).standardError(), 1e-12,
                    "se " + i);
        }
        Estimate tx = fit.estimates().get(2);
        assertRelative(tx.value() + StudentT.quantile975(13) * tx.standardError(), tx.high95(), 1e-12, "t_tx high");
    }

    @Test
    void intervalsCoverTheTrueValuesAndStandardErrorsMatchTheSpreadOfEstimates() {
        double sigma = 1e-6; // B is 6e-5 to 2e-4 s: 0.5% to 1.6% noise, like repeated measurements
        int draws = 200;
        Random noise = new Random(42);
        double[][] values = new double[3][draws];
        double[] meanSe = new double[3];
        int[] covered = new int[3];
        int predictionsInside = 0;
        for (int d = 0; d < draws; d++) {
            ModelFit fit = CostModel.fit(gaussianGrid(noise, sigma));
            for (int j = 0; j < 3; j++) {
                Estimate e = fit.estimates().get(j);
                assertFalse(e.clamped(), "draw " + d + ": " + e);
                values[j][d] = e.value();
                meanSe[j] += e.standardError() / draws;
                covered[j] += e.low95() <= TRUE[j] && TRUE[j] <= e.high95() ? 1 : 0;
            }
            // a new measurement at a point off the grid falls in its 95% prediction interval
            double b = CostModel.processingTime(PAPER_T_RCV, PAPER_T_FLTR, PAPER_T_TX, 30, 3)
                    + sigma * noise.nextGaussian();
            predictionsInside += fit.predictWithInterval(30, 3).contains(1 / b) ? 1 : 0;
        }
        for (int j = 0; j < 3; j++) {
            double mean = java.util.Arrays.stream(values[j]).average().orElseThrow();
            double sd = Math.sqrt(java.util.Arrays.stream(values[j]).map(v -> (v - mean) * (v - mean)).sum()
                    / (draws - 1));
            assertRelative(sd, meanSe[j], 0.25, NAMES[j] + ": mean standard error against the spread of 200 fits");
            // about 190 of 200; binomial sd ~3
            assertTrue(covered[j] >= 180, NAMES[j] + ": the 95% interval covered the true value " + covered[j]
                    + " of " + draws + " times");
        }
        assertTrue(predictionsInside >= 180 && predictionsInside < draws, "prediction intervals held "
                + predictionsInside + " of " + draws + " new measurements");

        // one draw: each interval covers the truth and excludes 0, its width what the standard error says
        ModelFit one = CostModel.fit(gaussianGrid(new Random(3), sigma));
        for (int j = 0; j < 3; j++) {
            Estimate e = one.estimates().get(j);
            assertTrue(e.low95() < TRUE[j] && TRUE[j] < e.high95(), e.toString());
            assertTrue(e.excludesZero(), e.toString());
            assertRelative(2 * StudentT.quantile975(13) * e.standardError(), e.high95() - e.low95(), 1e-9, e.name());
        }
    }

    private static final String[] NAMES = {"t_rcv", "t_fltr", "t_tx"};

    @Test
    void aClampedParameterHasNoStandardErrorAndTheOthersTheirsOnTheReducedDesign() {
        List<ModelPoint> points = grid(PAPER_T_RCV, 0, PAPER_T_TX, new Random(7), 0.02);
        ModelFit fit = CostModel.fit(points); // the same points as the clamping test: t_fltr < 0 unconstrained

        Estimate fltr = fit.estimates().get(1);
        assertEquals(new Estimate("t_fltr", 0, Double.NaN, Double.NaN, Double.NaN, true), fltr);
        assertFalse(fltr.excludesZero());
        assertEquals("clamped to 0 by the constraint: no standard error", fit.remark(fltr));
        assertEquals(16 - 2, fit.degreesOfFreedom(), "two parameters used");
        for (int j : new int[] {0, 2}) {
            Estimate e = fit.estimates().get(j);
            assertFalse(e.clamped());
            assertTrue(e.standardError() > 0 && e.standardError() < 0.2 * e.value(), e.toString());
            assertEquals(StudentT.quantile975(14) * e.standardError(), e.high95() - e.value(), 1e-9 * e.value());
        }
        assertEquals(0.0, fit.covariance().get(1).get(1));
        assertEquals(0.0, fit.covariance().get(0).get(1));
        assertEquals(0.0, fit.covariance().get(2).get(1));
    }

    @Test
    void noDegreeOfFreedomOrAnUnidentifiedParameterGivesNoStandardError() {
        List<ModelPoint> noisy = grid(PAPER_T_RCV, PAPER_T_FLTR, PAPER_T_TX, new Random(3), 0.01);
        ModelFit exact = CostModel.fit(List.of(noisy.get(0), noisy.get(5), noisy.get(11))); // 3 points, 3 parameters
        assertEquals(0, exact.degreesOfFreedom());
        assertTrue(Double.isNaN(exact.residualVariance()));
        for (Estimate e : exact.estimates()) {
            assertTrue(Double.isNaN(e.standardError()) && Double.isNaN(e.low95()) && Double.isNaN(e.high95()),
                    e.toString());
            assertFalse(e.clamped());
            assertEquals("no standard error: no point left beyond the parameters", exact.remark(e));
        }
        assertTrue(Double.isNaN(exact.predictWithInterval(10, 2).low95()));

        List<ModelPoint> points = new ArrayList<>();
        for (double r : GRADES) {
            points.add(new ModelPoint("r=" + r, 45, r, 1 / CostModel.processingTime(PAPER_T_RCV, PAPER_T_FLTR,
                    PAPER_T_TX, 45, r)));
        }
        Estimate fltr = CostModel.fit(points).estimates().get(1);
        assertEquals(new Estimate("t_fltr", 0, Double.NaN, Double.NaN, Double.NaN, false), fltr,
                "constant n_fltr: set to 0 by the design, not by the constraint");
    }

    @Test
    void aWeakParameterHasAnIntervalThatIncludesZero() {
        // t_fltr = 1e-9 s under noise of 2e-6 s on B: the data cannot tell it from 0
        List<ModelPoint> points = new ArrayList<>();
        Random noise = new Random(9);
        for (ModelPoint p : grid(PAPER_T_RCV, 1e-9, PAPER_T_TX, null, 0)) {
            double b = 1 / p.receivedRate() + 2e-6 * noise.nextGaussian();
            points.add(new ModelPoint(p.label(), p.filters(), p.replicationGrade(), 1 / b));
        }
        ModelFit fit = CostModel.fit(points);
        Estimate fltr = fit.estimates().get(1);
        if (fltr.clamped()) {
            throw new AssertionError("precondition: pick a seed that keeps t_fltr positive, found " + fltr);
        }
        assertTrue(fltr.low95() < 0 && fltr.high95() > 0, fltr.toString());
        assertFalse(fltr.excludesZero());
        assertEquals("interval includes 0: not identified at 95%", fit.remark(fltr));
        assertTrue(fit.estimates().get(2).excludesZero());
    }

    @Test
    void aReportWrittenBeforeStandardErrorsReadsWithEmptyLists() throws Exception {
        String old = "{\"tRcv\":4.9E-5,\"tFltr\":1.6E-7,\"tTx\":1.5E-5,\"rSquared\":0.99,\"residuals\":[],"
                + "\"looMedianRelativeError\":0.01,\"looWorstRelativeError\":0.02,\"warnings\":[],\"pointsUsed\":6,"
                + "\"pointsUsedLabels\":[]}";
        ModelFit fit = Json.MAPPER.readValue(old, ModelFit.class);

        assertEquals(List.of(), fit.estimates());
        assertEquals(List.of(), fit.excluded());
        assertEquals(List.of(), fit.covariance());
        assertEquals(0, fit.degreesOfFreedom());
        assertEquals(4329.0043, fit.predictReceivedRate(200, 10), 1e-3);
        assertTrue(Double.isNaN(fit.predictWithInterval(200, 10).low95()));
    }

    @Test
    void excludedPointsCarryATypedReasonWrittenByName() throws Exception {
        ModelFit fit = CostModel.fit(grid(PAPER_T_RCV, PAPER_T_FLTR, PAPER_T_TX, null, 0)).withExcluded(List.of(
                new Excluded("r=20", ExclusionReason.ABOVE_MAX_R, "measured r 20.0000 > 10"),
                new Excluded("r=1 again", ExclusionReason.HELD_OUT, null)));
        JsonNode tree = Json.MAPPER.valueToTree(fit);

        assertEquals("ABOVE_MAX_R", tree.get("excluded").get(0).get("reason").asText());
        assertEquals("", tree.get("excluded").get(1).get("detail").asText());
        assertEquals(List.of("label", "reason", "detail"), names(tree.get("excluded").get(0)));
        assertEquals(List.of("name", "value", "standardError", "low95", "high95", "clamped"),
                names(tree.get("estimates").get(0)));
        assertEquals("above --max-r: measured r 20.0000 > 10", fit.excluded().get(0).sentence());
        assertEquals("held out", fit.excluded().get(1).sentence());
        assertEquals(fit, Json.MAPPER.readValue(Json.MAPPER.writeValueAsString(fit), ModelFit.class));
        // adding warnings keeps them
        assertEquals(fit.excluded(), fit.withWarnings(List.of("x")).excluded());
        assertEquals(fit.estimates(), fit.withWarnings(List.of("x")).estimates());
    }

    private static List<String> names(JsonNode object) {
        List<String> names = new ArrayList<>();
        object.fieldNames().forEachRemaining(names::add);
        return names;
    }

    /**
     * Least squares by the normal equations and Cramer's rule, a different route from the fit's QR:
     * on (1, n_fltr, r) when {@code withFilters}, else on (1, r) with t_fltr = 0. Returns {t_rcv, t_fltr, t_tx}.
     */
    private static double[] normalEquations(List<ModelPoint> points, boolean withFilters) {
        double[][] g = new double[3][3];
        double[] h = new double[3];
        for (ModelPoint p : points) {
            double[] row = {1, withFilters ? p.filters() : 0, p.replicationGrade()};
            for (int i = 0; i < 3; i++) {
                for (int j = 0; j < 3; j++) {
                    g[i][j] += row[i] * row[j];
                }
                h[i] += row[i] / p.receivedRate();
            }
        }
        if (!withFilters) {
            double det = g[0][0] * g[2][2] - g[0][2] * g[2][0];
            return new double[] {(h[0] * g[2][2] - g[0][2] * h[2]) / det, 0, (g[0][0] * h[2] - h[0] * g[2][0]) / det};
        }
        double det = det3(g);
        double[] out = new double[3];
        for (int c = 0; c < 3; c++) {
            double[][] gc = new double[3][];
            for (int i = 0; i < 3; i++) {
                gc[i] = g[i].clone();
                gc[i][c] = h[i];
            }
            out[c] = det3(gc) / det;
        }
        return out;
    }

    private static double det3(double[][] a) {
        return a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
                + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0]);
    }
}
