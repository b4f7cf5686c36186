package io.jmsbench.report.html;

import io.jmsbench.model.ModelFit;
import io.jmsbench.report.PointSummary;
import io.jmsbench.report.Report;
import io.jmsbench.report.Stat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The sweep as the page charts it: each swept parameter, whether its values are numbers (a rate
 * against it is a line) or names (a provider, a broker, a case: grouped bars), and one entry per
 * sweep point with its figures over the repeats and, where a cost model was fitted, what the model
 * predicts there.
 */
record SweepView(List<Parameter> parameters, int repeat, List<Entry> points) {

    record Parameter(String key, boolean numeric) {
    }

    /** A figure's mean over the repeats and the half-width of its 95% interval ({@code null}: one repeat). */
    record Figure(Double mean, Double ci95, int n) {

        static Figure of(Stat s) {
            return new Figure(Numbers.rate(s.mean()), s.n() > 1 ? Numbers.rate(s.ci95()) : null, s.n());
        }
    }

    /** The model's received, dispatched and overall rate at the point's n_fltr and expected grade. */
    record Prediction(Double received, Double dispatched, Double overall) {

        static Prediction of(ModelFit m, PointSummary s) {
            if (m == null || Double.isNaN(s.expectedGrade())) {
                return null;
            }
            double received = m.predictReceivedRate(s.filters(), s.expectedGrade());
            return new Prediction(Numbers.rate(received), Numbers.rate(received * s.expectedGrade()),
                    Numbers.rate(m.predictOverallRate(s.filters(), s.expectedGrade())));
        }
    }

    record Entry(int point, Map<String, Object> parameters, int repeats, int validRepeats, Figure received,
                 Figure dispatched, Figure overall, Prediction model) {
    }

    /** {@code null} for a run of one point. */
    static SweepView of(Report report) {
        if (report.sweep() == null || report.sweep().isEmpty() || report.summary().size() < 2) {
            return null;
        }
        List<Parameter> parameters = new ArrayList<>();
        for (Map.Entry<String, List<Object>> e : report.sweep().entrySet()) {
            boolean numeric = e.getValue().stream().allMatch(v -> v instanceof Number);
            parameters.add(new Parameter(e.getKey(), numeric));
        }
        List<Entry> points = report.summary().stream().map(s -> new Entry(s.point(), s.parameters(), s.repeats(),
                s.validRepeats(), Figure.of(s.receivedRate()), Figure.of(s.dispatchedRate()),
                Figure.of(s.overallRate()), Prediction.of(report.model(), s))).toList();
        return new SweepView(parameters, report.repeat(), points);
    }
}
