package io.jmsbench.report;

import io.jmsbench.model.ModelFit;
import io.jmsbench.model.ModelNotFitted;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;

/** The fitted cost model as a short Markdown section, its figures as {@link ModelRows} gives them. */
public final class ModelSection {

    private ModelSection() {
    }

    /**
     * One fit per compared set (brokers side by side, the paper's "other server types"): a column per
     * set, each parameter with its 95% interval, then each set's own section.
     */
    static String renderSideBySide(Map<String, ModelFit> fits) {
        List<ModelRows> rows = fits.values().stream().map(ModelRows::of).toList();
        StringBuilder md = new StringBuilder("### Cost model per compared set (paper eq. 1: B = t_rcv + n_fltr * t_fltr"
                + " + r * t_tx)\n\n| parameter |");
        fits.keySet().forEach(name -> md.append(' ').append(name.replace("|", "\\|")).append(" |"));
        md.append(" paper (ActiveMQ 4.0) |\n|---|");
        fits.keySet().forEach(name -> md.append("---:|"));
        md.append("---:|\n");
        for (int j = 0; j < 3; j++) {
            ModelRows.Parameter first = rows.get(0).parameters().get(j);
            md.append("| ").append(first.name()).append(" |");
            for (ModelRows r : rows) {
                md.append(' ').append(r.parameters().get(j).cell()).append(" |");
            }
            md.append(String.format(Locale.ROOT, " %s |%n", first.paper()));
        }
        md.append("| R² on B |");
        fits.values().forEach(m -> md.append(String.format(Locale.ROOT, " %.4f |", m.rSquared())));
        md.append(" |\n| leave-one-out error, median (worst) |");
        fits.values().forEach(m -> md.append(' ').append(Figures.percent(m.looMedianRelativeError())).append(" (")
                .append(Figures.percent(m.looWorstRelativeError())).append(") |"));
        md.append(" |\n\n").append(ModelRows.CELLS).append("\n\n");
        fits.forEach((name, m) -> md.append(render(m).replaceFirst("### Cost model",
                Matcher.quoteReplacement("#### " + name + ": cost model"))).append('\n'));
        return md.toString();
    }

    /** The models the sweep was designed to identify but could not fit, each with why. */
    static String renderNotFitted(List<ModelNotFitted> notFitted) {
        StringBuilder md = new StringBuilder("### Cost model: not fitted\n\n");
        notFitted.forEach(n -> md.append("- ").append(n.sentence().replace("|", "\\|")).append('\n'));
        return md.toString();
    }

    static String render(ModelFit m) {
        ModelRows rows = ModelRows.of(m);
        StringBuilder md = new StringBuilder("### Cost model (paper eq. 1: B = t_rcv + n_fltr * t_fltr + r * t_tx)\n\n");
        md.append("| parameter | fitted | standard error | 95% interval | paper (ActiveMQ 4.0) | |\n"
                + "|---|---:|---:|---:|---:|---|\n");
        for (ModelRows.Parameter p : rows.parameters()) {
            md.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s |%n", p.name(), p.value(),
                    p.standardError(), p.interval(), p.paper(), p.remark()));
        }
        md.append('\n');
        md.append(String.format(Locale.ROOT, "R² %.4f over %d points; leave-one-out error of the received rate: "
                + "median %s, worst %s.%n", m.rSquared(), m.pointsUsed(), Figures.percent(m.looMedianRelativeError()),
                Figures.percent(m.looWorstRelativeError())));
        if (!rows.excluded().isEmpty()) {
            md.append("\nPoints left out of the fit:\n\n");
            rows.excluded().forEach(x -> md.append("- ").append(x).append('\n'));
        }
        for (String w : m.warnings()) {
            md.append("\n> warning: ").append(w).append('\n');
        }
        return md.toString();
    }
}
