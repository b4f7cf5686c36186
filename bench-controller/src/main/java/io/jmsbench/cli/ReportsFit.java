package io.jmsbench.cli;

import io.jmsbench.model.CostModel;
import io.jmsbench.model.Excluded;
import io.jmsbench.model.ExclusionReason;
import io.jmsbench.model.ModelFit;
import io.jmsbench.model.ModelPoint;
import io.jmsbench.report.FitPoints;
import io.jmsbench.report.PointResult;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * {@code jmsbench fit}'s work: the points of one or more reports selected ({@link FitPoints}), the
 * cost model fitted to them and printed, and the fit stored in the report when there is one report
 * and no point was held out.
 */
final class ReportsFit {

    private ReportsFit() {
    }

    static void run(FitRequest request, PrintWriter out) throws BadInput {
        List<ReportFile.Loaded> loaded = new ArrayList<>();
        for (Path given : request.reports()) {
            loaded.add(ReportFile.load(given));
        }
        checkComparedSets(loaded, request.compared());
        FitPoints selected = new FitPoints(List.of(), List.of());
        for (int k = 0; k < loaded.size(); k++) {
            selected = selected.plus(FitPoints.of(pointsToFit(loaded.get(k), request.compared()),
                    loaded.size() == 1 ? "" : "[" + (k + 1) + "] ", request.includeInvalid()));
        }
        if (selected.used().isEmpty()) {
            throw new BadInput(noUsablePoints(loaded, selected.excluded()));
        }
        if (request.maxR() != null) {
            selected = selected.withMaxR(request.maxR().limit(), request.maxR().text());
            if (selected.used().isEmpty()) {
                throw new BadInput("no point left to fit: every usable point has a measured r above --max-r "
                        + request.maxR().text());
            }
        }
        List<ModelPoint> held = new ArrayList<>();
        if (request.holdOut() != null) {
            Set<Integer> positions = request.holdOut().positions(selected.used().size());
            for (int i = 0; i < selected.used().size(); i++) {
                if (positions.contains(i)) {
                    held.add(selected.used().get(i).point());
                }
            }
            selected = selected.holdingOut(positions, request.holdOut().seed());
        }
        ModelFit fit = CostModel.fit(selected.points()).withWarnings(selected.warnings())
                .withExcluded(selected.excluded());
        FitText.print(out, loaded.stream().map(ReportFile.Loaded::file).toList(), selected, fit,
                request.predictions());
        if (!held.isEmpty()) {
            HeldOutTable.print(out, held, fit, request.holdOut().seed());
            out.println("model not stored: fitted without the " + held.size() + " held-out points"
                    + " (run without --holdout to store the fit on all points)");
        } else if (loaded.size() == 1) {
            ModelStore.store(loaded.get(0), fit, request.compared());
            out.println("model stored in " + loaded.get(0).file() + " under " + ModelStore.where(request.compared()));
        } else {
            out.println("model not stored: fitted across " + loaded.size()
                    + " reports (give one report to store its fit in it)");
        }
        out.flush();
    }

    /** The points of the report to fit: those of the compared set {@code compared}, or all. */
    private static List<PointResult> pointsToFit(ReportFile.Loaded report, String compared) {
        List<PointResult> points = report.report().points();
        return compared == null ? points : FitPoints.byComparedSet(points).getOrDefault(compared, List.of());
    }

    /**
     * Refuses to fit one model across compared sets (brokers side by side), and a {@code --compared}
     * name no report has.
     */
    private static void checkComparedSets(List<ReportFile.Loaded> loaded, String compared) throws BadInput {
        Set<String> sets = new LinkedHashSet<>();
        loaded.forEach(l -> sets.addAll(FitPoints.byComparedSet(l.report().points()).keySet()));
        if (compared != null && !sets.contains(compared)) {
            throw new BadInput("--compared '" + compared + "': expected the name of a compared set of the report"
                    + (sets.isEmpty() ? ", found a report that compares nothing" : " (" + String.join(", ", sets)
                    + "), found none named so"));
        }
        if (compared == null && sets.size() > 1) {
            throw new BadInput("the points come from " + sets.size() + " compared sets (" + String.join(", ", sets)
                    + "): one model across them means nothing; fit each with --compared NAME");
        }
    }

    private static String noUsablePoints(List<ReportFile.Loaded> loaded, List<Excluded> skipped) {
        String where = loaded.size() == 1 ? loaded.get(0).file() + ": no usable points"
                : "no usable points in " + loaded.size() + " reports";
        if (skipped.isEmpty()) {
            return where + ": points[] is empty";
        }
        Excluded first = skipped.get(0);
        boolean invalid = skipped.stream().anyMatch(c -> c.reason() == ExclusionReason.INVALID);
        return where + ": all " + skipped.size() + " skipped (first: " + first.label() + ": " + first.sentence() + ")"
                + (invalid ? "; --include-invalid fits invalid points too" : "");
    }
}
