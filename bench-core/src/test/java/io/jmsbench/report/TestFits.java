package io.jmsbench.report;

import io.jmsbench.model.CostModel;
import io.jmsbench.model.ModelFit;
import io.jmsbench.model.ModelPoint;
import io.jmsbench.protocol.Json;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Cost-model fits for the tests of their renderings. */
final class TestFits {

    private TestFits() {
    }

    /** Six points measured exactly as the paper's parameters predict: every interval collapses onto its value. */
    static ModelFit noiseless() {
        List<ModelPoint> points = new ArrayList<>();
        for (double r : new double[] {1, 2, 5}) {
            for (double mAdd : new double[] {5, 40}) {
                points.add(new ModelPoint("r=" + r, r + mAdd, r, 1 / CostModel.processingTime(CostModel.PAPER_T_RCV,
                        CostModel.PAPER_T_FLTR, CostModel.PAPER_T_TX, r + mAdd, r)));
            }
        }
        return CostModel.fit(points);
    }

    /** The paper's grid with 2% noise, and t_fltr = 0 so that the constraint clamps it (seed 7). */
    static ModelFit clamped() {
        Random noise = new Random(7);
        List<ModelPoint> points = new ArrayList<>();
        for (double r : new double[] {1, 2, 5, 10}) {
            for (double mAdd : new double[] {5, 10, 20, 40}) {
                double b = CostModel.processingTime(CostModel.PAPER_T_RCV, 0, CostModel.PAPER_T_TX, r + mAdd, r);
                points.add(new ModelPoint("r=" + (int) r + " m_add=" + (int) mAdd, r + mAdd, r,
                        (1 + 0.02 * (2 * noise.nextDouble() - 1)) / b));
            }
        }
        return CostModel.fit(points);
    }

    /** A fit as a report stored it before fits had standard errors, intervals or excluded points. */
    static ModelFit older() throws Exception {
        return Json.MAPPER.readValue("{\"tRcv\":4.9E-5,\"tFltr\":0,\"tTx\":1.5E-5,\"rSquared\":0.99,"
                + "\"residuals\":[],\"looMedianRelativeError\":0.01,\"looWorstRelativeError\":0.02,\"warnings\":[],"
                + "\"pointsUsed\":6,\"pointsUsedLabels\":[]}", ModelFit.class);
    }
}
