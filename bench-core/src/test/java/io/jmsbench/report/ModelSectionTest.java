package io.jmsbench.report;

import io.jmsbench.model.CostModel;
import io.jmsbench.model.Excluded;
import io.jmsbench.model.ExclusionReason;
import io.jmsbench.model.ModelFit;
import io.jmsbench.model.ModelPoint;
import io.jmsbench.protocol.Json;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertTrue;

class ModelSectionTest {

    /** The paper's grid with 2% noise, and t_fltr = 0 so that the constraint clamps it (seed 7). */
    private static List<ModelPoint> clampedGrid() {
        Random noise = new Random(7);
        List<ModelPoint> points = new ArrayList<>();
        for (double r : new double[] {1, 2, 5, 10}) {
            for (double mAdd : new double[] {5, 10, 20, 40}) {
                double b = CostModel.processingTime(CostModel.PAPER_T_RCV, 0, CostModel.PAPER_T_TX, r + mAdd, r);
                points.add(new ModelPoint("r=" + (int) r + " m_add=" + (int) mAdd, r + mAdd, r,
                        (1 + 0.02 * (2 * noise.nextDouble() - 1)) / b));
            }
        }
        return points;
    }

    @Test
    void showsStandardErrorsIntervalsRemarksAndTheExcludedPoints() {
        ModelFit fit = CostModel.fit(clampedGrid()).withExcluded(List.of(
                new Excluded("r=20 m_add=5", ExclusionReason.ABOVE_MAX_R, "measured r 20.0000 > 10")));

        String md = ModelSection.render(fit);

        assertTrue(md.contains("| parameter | fitted | standard error | 95% interval | paper (ActiveMQ 4.0) | |"), md);
        assertTrue(md.matches("(?s).*\\| t_rcv \\| [0-9.e-]+ s \\| ± [0-9.e-]+ s \\| \\[[0-9.e-]+, [0-9.e-]+\\] s"
                + " \\| 4\\.90e-05 s \\|  \\|\\R.*"), md);
        assertTrue(md.contains("| t_fltr | 0.00e+00 s | n/a | n/a | 1.60e-07 s | clamped to 0 by the constraint:"
                + " no standard error |"), md);
        assertTrue(md.contains("Points left out of the fit:\n\n- r=20 m_add=5: above --max-r: measured r 20.0000 > 10\n"),
                md);
    }

    @Test
    void aModelFromAnOlderReportShowsNotAvailable() throws Exception {
        ModelFit old = Json.MAPPER.readValue("{\"tRcv\":4.9E-5,\"tFltr\":1.6E-7,\"tTx\":1.5E-5,\"rSquared\":0.99,"
                + "\"residuals\":[],\"looMedianRelativeError\":0.01,\"looWorstRelativeError\":0.02,\"warnings\":[],"
                + "\"pointsUsed\":6,\"pointsUsedLabels\":[]}", ModelFit.class);

        String md = ModelSection.render(old);

        assertTrue(md.contains("| t_tx | 1.50e-05 s | n/a | n/a | 1.50e-05 s |  |"), md);
        assertTrue(!md.contains("left out"), md);
    }

    @Test
    void brokersSideBySideShareOneTableAColumnEachWithTheirIntervals() {
        List<ModelPoint> noiseless = new ArrayList<>();
        for (double r : new double[] {1, 2, 5}) {
            for (double mAdd : new double[] {5, 40}) {
                noiseless.add(new ModelPoint("r=" + r, r + mAdd, r, 1 / CostModel.processingTime(CostModel.PAPER_T_RCV,
                        CostModel.PAPER_T_FLTR, CostModel.PAPER_T_TX, r + mAdd, r)));
            }
        }
        java.util.Map<String, ModelFit> fits = new java.util.LinkedHashMap<>();
        fits.put("ActiveMQ | Classic", CostModel.fit(noiseless));
        fits.put("Artemis $1", CostModel.fit(clampedGrid()));

        String md = ModelSection.renderSideBySide(fits);

        assertTrue(md.contains("| parameter | ActiveMQ \\| Classic | Artemis $1 | paper (ActiveMQ 4.0) |\n"
                + "|---|---:|---:|---:|\n"), md);
        assertTrue(md.matches("(?s).*\\| t_rcv \\| 4\\.90e-05 s \\[4\\.90e-05, 4\\.90e-05\\] \\| [0-9.e-]+ s "
                + "\\[[0-9.e-]+, [0-9.e-]+\\] \\| 4\\.90e-05 s \\|.*"), md);
        assertTrue(md.contains("| t_fltr | 1.60e-07 s [1.60e-07, 1.60e-07] | 0.00e+00 s * | 1.60e-07 s |"), md);
        assertTrue(md.contains("#### ActiveMQ | Classic: cost model") && md.contains("#### Artemis $1: cost model"), md);
    }
}
