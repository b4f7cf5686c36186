package io.jmsbench.run;

import io.jmsbench.report.PointResult;
import io.jmsbench.report.SearchResult;
import io.jmsbench.scenario.ScenarioPlan;

/** The plan's sweep points, each repeated, in the plan's stable order. */
final class PlanPoints implements PointSource {

    private final ScenarioPlan plan;
    private int point;
    private int repeat = 1;

    PlanPoints(ScenarioPlan plan) {
        this.plan = plan;
    }

    @Override
    public int runsAtMost() {
        return plan.runs();
    }

    @Override
    public boolean exact() {
        return true;
    }

    /** "point 2/6"; with repeats, "run 5/12" (the heading above the line says which point and repeat). */
    @Override
    public String label(int run) {
        if (plan.runs() == 1) {
            return "";
        }
        return (plan.repeat() == 1 ? "point " : "run ") + run + "/" + plan.runs();
    }

    @Override
    public Scheduled next() {
        if (point >= plan.points().size()) {
            return null;
        }
        ScenarioPlan.Point p = plan.points().get(point);
        String heading = plan.runs() > 1 ? String.format("point %d/%d %s, repeat %d/%d", p.index() + 1,
                plan.points().size(), p.parameters(), repeat, plan.repeat()) : null;
        Scheduled scheduled = new Scheduled(p, repeat, heading);
        if (++repeat > plan.repeat()) {
            repeat = 1;
            point++;
        }
        return scheduled;
    }

    @Override
    public String completed(Scheduled scheduled, PointResult result) {
        return plan.runs() > 1 ? PointLine.format(result) : null;
    }

    @Override
    public String skipped(int done) {
        int left = plan.runs() - done;
        return left > 0 ? "; the " + left + " remaining run" + (left == 1 ? " was" : "s were")
                + " skipped (--on-failure abort)" : "";
    }

    @Override
    public SearchResult search(String abortReason) {
        return null;
    }
}
