package io.jmsbench.model;

import com.fasterxml.jackson.databind.JsonNode;
import io.jmsbench.protocol.Json;
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
                Double.NaN, List.of(), 0, List.of());
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
                "looWorstRelativeError", "warnings", "pointsUsed", "pointsUsedLabels"), names);
        assertFalse(tree.toString().contains("predictReceivedRate") || tree.toString().contains("withWarnings"));
        String text = Json.MAPPER.writeValueAsString(fit);
        assertTrue(text.contains("\"looMedianRelativeError\":\"NaN\""), text); // 3 points: no leave-one-out
        assertEquals(fit, Json.MAPPER.readValue(text, ModelFit.class));
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
