package io.jmsbench.report;

import java.util.List;
import java.util.Locale;

/** A point's faults and the broker's recovery from each, for people: one line each, or a Markdown table. */
public final class FaultLines {

    private FaultLines() {
    }

    /**
     * "kill-broker at 10.0 s for 2.7 s: first delivery within 3.0 s, rate back (90% of 997 msgs/s)
     * within 4.0 s, 2 clients reconnected within 2.9 s".
     */
    public static String line(FaultOutcome f) {
        if (f.error() != null && Double.isNaN(f.rateBefore()) && f.downFor() == 0) {
            return String.format(Locale.ROOT, "%s at %.1f s: not injected: %s", f.action(), f.at(), f.error());
        }
        return String.format(Locale.ROOT, "%s at %.1f s for %.1f s: first delivery within %s, rate back (90%% of %s "
                        + "msgs/s) within %s%s%s", f.action(), f.at(), f.downFor(), after(f.firstDeliveryAfter()),
                Figures.rate(f.rateBefore()), after(f.rateBackAfter()), f.clientsReconnected() == 0 ? ""
                        : String.format(Locale.ROOT, ", %d client%s reconnected within %.1f s", f.clientsReconnected(),
                        f.clientsReconnected() == 1 ? "" : "s", f.reconnectedAfter()),
                f.error() == null ? "" : "; " + f.error());
    }

    public static String markdown(List<FaultOutcome> faults) {
        StringBuilder md = new StringBuilder("| fault | at s | down s | dispatched before, msgs/s | first delivery "
                + "within s | rate back (90%) within s | clients reconnected (within s) |\n"
                + "|---|---:|---:|---:|---:|---:|---:|\n");
        for (FaultOutcome f : faults) {
            md.append(String.format(Locale.ROOT, "| %s%s | %.1f | %.1f | %s | %s | %s | %s |%n", f.action(),
                    f.error() == null ? "" : " (" + f.error() + ")", f.at(), f.downFor(), Figures.rate(f.rateBefore()),
                    seconds(f.firstDeliveryAfter()), seconds(f.rateBackAfter()), f.clientsReconnected() == 0 ? "0"
                            : String.format(Locale.ROOT, "%d (%.1f)", f.clientsReconnected(), f.reconnectedAfter())));
        }
        return md.toString();
    }

    private static String after(double seconds) {
        return Double.isNaN(seconds) ? "never (before the next fault or the point's end)"
                : String.format(Locale.ROOT, "%.1f s", seconds);
    }

    private static String seconds(double s) {
        return Double.isNaN(s) ? "never" : String.format(Locale.ROOT, "%.1f", s);
    }
}
