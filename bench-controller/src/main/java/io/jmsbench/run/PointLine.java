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
                        + "n_fltr %d, broker %s cores%s", Figures.rate(p.received().rate(), p.received().ci95()),
                Figures.rate(p.dispatched().rate(), p.dispatched().ci95()), Figures.rate(p.overallRate()),
                Figures.grade(p.replicationGrade().measured()), Figures.grade(p.replicationGrade().expected()),
                p.filters(), Figures.cores(p.cpu().brokerCores()),
                p.valid() ? "" : "  " + (p.verdict() == null ? "INVALID" : p.verdict().name()) + ": "
                        + String.join("; ", p.invalidReasons()));
    }
}
