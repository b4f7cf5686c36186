package io.jmsbench.run;

import io.jmsbench.report.Figures;
import io.jmsbench.report.PointResult;

import java.util.Locale;

/** The line printed when one point of a sweep is done. */
final class PointLine {

    private PointLine() {
    }

    static String format(PointResult p) {
        return String.format(Locale.ROOT, "  => received %s msgs/s, dispatched %s msgs/s, overall %s msgs/s, r %s/%s, "
                        + "n_fltr %d, broker %s cores%s", Figures.rate(p.rates().received().rate(), p.rates().received().ci95()),
                Figures.rate(p.rates().dispatched().rate(), p.rates().dispatched().ci95()), Figures.rate(p.rates().overallRate()),
                Figures.grade(p.rates().replicationGrade().measured()), Figures.grade(p.rates().replicationGrade().expected()),
                p.rates().filters(), Figures.cores(p.resources().cpu().brokerCores()),
                p.judgement().valid() ? "" : "  " + (p.judgement().verdict() == null ? "INVALID" : p.judgement().verdict().name()) + ": "
                        + String.join("; ", p.judgement().invalidReasons()));
    }
}
