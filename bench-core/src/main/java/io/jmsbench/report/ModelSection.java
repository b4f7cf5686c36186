package io.jmsbench.report;

import io.jmsbench.model.CostModel;
import io.jmsbench.model.Estimate;
import io.jmsbench.model.Excluded;
import io.jmsbench.model.ModelFit;

import java.util.List;
import java.util.Locale;

/** The fitted cost model as a short Markdown section, beside the paper's values. */
final class ModelSection {

    private static final List<String> NAMES = List.of("t_rcv", "t_fltr", "t_tx");
    private static final double[] PAPER = {CostModel.PAPER_T_RCV, CostModel.PAPER_T_FLTR, CostModel.PAPER_T_TX};

    private ModelSection() {
    }

    static String render(ModelFit m) {
        StringBuilder md = new StringBuilder("### Cost model (paper eq. 1: B = t_rcv + n_fltr * t_fltr + r * t_tx)\n\n");
        md.append("| parameter | fitted | ± (standard error) | 95% interval | paper (ActiveMQ 4.0) | |\n"
                + "|---|---:|---:|---:|---:|---|\n");
        double[] fitted = {m.tRcv(), m.tFltr(), m.tTx()};
        for (int j = 0; j < 3; j++) {
            // reports written before fits had standard errors carry no estimates: their columns say n/a
            Estimate e = m.estimates().size() == 3 ? m.estimates().get(j) : null;
            md.append(String.format(Locale.ROOT, "| %s | %.3g s | %s | %s | %.2g s | %s |%n", NAMES.get(j), fitted[j],
                    e == null || Double.isNaN(e.standardError()) ? "n/a"
                            : String.format(Locale.ROOT, "%.2g s", e.standardError()),
                    e == null || Double.isNaN(e.low95()) ? "n/a"
                            : String.format(Locale.ROOT, "[%.3g, %.3g] s", e.low95(), e.high95()),
                    PAPER[j], e == null ? "" : m.remark(e)));
        }
        md.append('\n');
        md.append(String.format(Locale.ROOT, "R² %.4f over %d points; leave-one-out error of the received rate: "
                + "median %s, worst %s.%n", m.rSquared(), m.pointsUsed(), Figures.percent(m.looMedianRelativeError()),
                Figures.percent(m.looWorstRelativeError())));
        if (!m.excluded().isEmpty()) {
            md.append("\nPoints left out of the fit:\n\n");
            for (Excluded x : m.excluded()) {
                md.append("- ").append(x.label()).append(": ").append(x.sentence()).append('\n');
            }
        }
        for (String w : m.warnings()) {
            md.append("\n> warning: ").append(w).append('\n');
        }
        return md.toString();
    }
}
