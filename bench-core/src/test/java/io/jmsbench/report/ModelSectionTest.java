package io.jmsbench.report;

import io.jmsbench.model.Excluded;
import io.jmsbench.model.ExclusionReason;
import io.jmsbench.model.ModelFit;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

class ModelSectionTest {

    @Test
    void showsStandardErrorsIntervalsRemarksAndTheExcludedPoints() {
        ModelFit fit = TestFits.clamped().withExcluded(List.of(
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
        ModelFit old = TestFits.older();

        String md = ModelSection.render(old);

        assertTrue(md.contains("| t_tx | 1.50e-05 s | n/a | n/a | 1.50e-05 s |  |"), md);
        assertTrue(!md.contains("left out"), md);
    }

    @Test
    void brokersSideBySideShareOneTableAColumnEachWithTheirIntervals() {
        java.util.Map<String, ModelFit> fits = new java.util.LinkedHashMap<>();
        fits.put("ActiveMQ | Classic", TestFits.noiseless());
        fits.put("Artemis $1", TestFits.clamped());

        String md = ModelSection.renderSideBySide(fits);

        assertTrue(md.contains("| parameter | ActiveMQ \\| Classic | Artemis $1 | paper (ActiveMQ 4.0) |\n"
                + "|---|---:|---:|---:|\n"), md);
        assertTrue(md.matches("(?s).*\\| t_rcv \\| 4\\.90e-05 s \\[4\\.90e-05, 4\\.90e-05\\] \\| [0-9.e-]+ s "
                + "\\[[0-9.e-]+, [0-9.e-]+\\] \\| 4\\.90e-05 s \\|.*"), md);
        assertTrue(md.contains("| t_fltr | 1.60e-07 s [1.60e-07, 1.60e-07] | 0.00e+00 s * | 1.60e-07 s |"), md);
        assertTrue(md.contains("#### ActiveMQ | Classic: cost model") && md.contains("#### Artemis $1: cost model"), md);
    }
}
