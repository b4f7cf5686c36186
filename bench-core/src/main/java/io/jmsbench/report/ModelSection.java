package io.jmsbench.report;

import io.jmsbench.model.CostModel;
import io.jmsbench.model.Estimate;
import io.jmsbench.model.Excluded;
import io.jmsbench.model.ModelFit;
import io.jmsbench.model.ModelNotFitted;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The fitted cost model as a short Markdown section, beside the paper's values, and as terminal lines. */
public final class ModelSection {

    private static final List<String> NAMES = CostModel.PARAMETERS;
    private static final double[] PAPER = {CostModel.PAPER_T_RCV, CostModel.PAPER_T_FLTR, CostModel.PAPER_T_TX};

    private ModelSection() {
    }

    /**
     * One fit per compared set (brokers side by side, the paper's "other server types"): a column per
     * set, each parameter with its 95% interval, then each set's own section.
     */
    static String renderSideBySide(Map<String, ModelFit> fits) {
        StringBuilder md = new StringBuilder("### Cost model per compared set (paper eq. 1: B = t_rcv + n_fltr * t_fltr"
                + " + r * t_tx)\n\n| parameter |");
        fits.keySet().forEach(name -> md.append(' ').append(name.replace("|", "\\|")).append(" |"));
        md.append(" paper (ActiveMQ 4.0) |\n|---|");
        fits.keySet().forEach(name -> md.append("---:|"));
        md.append("---:|\n");
        for (int j = 0; j < 3; j++) {
            md.append("| ").append(NAMES.get(j)).append(" |");
            for (ModelFit m : fits.values()) {
                md.append(' ').append(cell(m, j)).append(" |");
            }
            md.append(String.format(Locale.ROOT, " %.2g s |%n", PAPER[j]));
        }
        md.append("| R² on B |");
        fits.values().forEach(m -> md.append(String.format(Locale.ROOT, " %.4f |", m.rSquared())));
        md.append(" |\n| leave-one-out error, median (worst) |");
        fits.values().forEach(m -> md.append(' ').append(Figures.percent(m.looMedianRelativeError())).append(" (")
                .append(Figures.percent(m.looWorstRelativeError())).append(") |"));
        md.append(" |\n\nEach cell: the fitted value [its 95% interval]; a cell marked * does not exclude 0.\n\n");
        fits.forEach((name, m) -> md.append(render(m).replaceFirst("### Cost model",
                java.util.regex.Matcher.quoteReplacement("#### " + name + ": cost model"))).append('\n'));
        return md.toString();
    }

    /** The models the sweep was designed to identify but could not fit, each with why. */
    static String renderNotFitted(List<ModelNotFitted> notFitted) {
        StringBuilder md = new StringBuilder("### Cost model: not fitted\n\n");
        notFitted.forEach(n -> md.append("- ").append(n.sentence().replace("|", "\\|")).append('\n'));
        return md.toString();
    }

    /**
     * The fitted models and those not fitted, a line each, for the terminal: each parameter with its
     * 95% interval ({@code *}: it includes 0).
     */
    public static List<String> lines(Report report) {
        List<String> lines = new java.util.ArrayList<>();
        if (report.model() != null) {
            lines.add("cost model: " + oneLine(report.model()));
        }
        report.models().forEach((set, m) -> lines.add("cost model, " + set + ": " + oneLine(m)));
        report.modelsNotFitted().forEach(n -> lines.add("cost model " + n.sentence()));
        return lines;
    }

    private static String oneLine(ModelFit m) {
        StringBuilder s = new StringBuilder();
        for (int j = 0; j < 3; j++) {
            s.append(j == 0 ? "" : ", ").append(NAMES.get(j)).append(' ').append(cell(m, j));
        }
        return s.append(String.format(Locale.ROOT, "; leave-one-out median error %s",
                Figures.percent(m.looMedianRelativeError()))).toString();
    }

    private static String cell(ModelFit m, int j) {
        double[] fitted = {m.tRcv(), m.tFltr(), m.tTx()};
        Estimate e = m.estimates().size() == 3 ? m.estimates().get(j) : null;
        if (e == null || Double.isNaN(e.low95())) {
            return String.format(Locale.ROOT, "%.3g s *", fitted[j]);
        }
        return String.format(Locale.ROOT, "%.3g s [%.3g, %.3g]%s", fitted[j], e.low95(), e.high95(),
                e.excludesZero() ? "" : " *");
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
