package io.jmsbench.report.html;

import io.jmsbench.report.PointResult;
import io.jmsbench.report.Report;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * What the run did not measure, one sentence each, so that a missing chart or figure reads as
 * "not measured" rather than as zero or as an oversight of the page.
 */
final class Unmeasured {

    private Unmeasured() {
    }

    static List<String> of(Report report) {
        List<String> out = new ArrayList<>();
        List<PointResult> points = report.points();
        missing(out, points, p -> p.resources().cpu() == null || Double.isNaN(p.resources().cpu().brokerCores()),
                "the broker's CPU (an external broker without a monitor agent on its host)");
        missing(out, points, p -> p.resources().cpu() == null || Double.isNaN(p.resources().cpu().hostBusy()), "the host's busy share");
        missing(out, points, p -> p.delivery().latency() == null || p.delivery().latency().count() == 0,
                "latency (messages not stamped, or none received in the window)");
        missing(out, points, p -> p.delivery().audit() == null,
                "the audit of lost, duplicate and out-of-order messages (messages not stamped)");
        missing(out, points, p -> p.delivery().audit() != null && p.delivery().audit().noneAudited(),
                "the audit of lost and duplicate messages: no subscriber could be audited (not audited)");
        missing(out, points, p -> p.resources().broker() == null || p.resources().broker().rssBytes() < 0,
                "the broker JVM's memory, disk and network traffic");
        missing(out, points, p -> p.samples().isEmpty(), "per-second samples");
        if (report.scenario() != null && report.scenario().broker().persistent() && report.environment() != null
                && report.environment().disk() == null) {
            out.add("The disk under the broker's store was not benchmarked (run --disk-benchmark measures it).");
        }
        if (Report.ABORTED.equals(report.status())) {
            out.add("The run was aborted" + (report.abortReason() == null ? "" : " (" + report.abortReason() + ")")
                    + ": the points after it were never measured.");
        }
        out.add("Warm-up and drain are shown per second but never counted in the window's rates.");
        return out;
    }

    private static void missing(List<String> out, List<PointResult> points, Predicate<PointResult> absent,
                                String what) {
        long n = points.stream().filter(absent).count();
        if (n == 0) {
            return;
        }
        String which = n == points.size() ? (points.size() == 1 ? "" : " on any point")
                : " on " + n + " of " + points.size() + " points";
        out.add("Not measured" + which + ": " + what + ".");
    }
}
