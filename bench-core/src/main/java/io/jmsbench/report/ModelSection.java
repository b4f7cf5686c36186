package io.jmsbench.report;

import io.jmsbench.model.ModelFit;

import java.util.Locale;

/** The fitted cost model as a short Markdown section, beside the paper's values. */
final class ModelSection {

    private ModelSection() {
    }

    static String render(ModelFit m) {
        StringBuilder md = new StringBuilder("### Cost model (paper eq. 1: B = t_rcv + n_fltr * t_fltr + r * t_tx)\n\n");
        md.append("| parameter | fitted | paper (ActiveMQ 4.0) |\n|---|---:|---:|\n");
        md.append(String.format(Locale.ROOT, "| t_rcv | %.3g s | 4.9e-05 s |%n", m.tRcv()));
        md.append(String.format(Locale.ROOT, "| t_fltr | %.3g s | 1.6e-07 s |%n", m.tFltr()));
        md.append(String.format(Locale.ROOT, "| t_tx | %.3g s | 1.5e-05 s |%n%n", m.tTx()));
        md.append(String.format(Locale.ROOT, "R² %.4f over %d points; leave-one-out error of the received rate: "
                + "median %s, worst %s.%n", m.rSquared(), m.pointsUsed(), Figures.percent(m.looMedianRelativeError()),
                Figures.percent(m.looWorstRelativeError())));
        for (String w : m.warnings()) {
            md.append("\n> warning: ").append(w).append('\n');
        }
        return md.toString();
    }
}
