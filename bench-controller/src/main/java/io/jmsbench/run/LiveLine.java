package io.jmsbench.run;

import io.jmsbench.report.Figures;
import io.jmsbench.report.IntervalSample;

import java.util.Locale;

/** The line printed for every interval while a run goes. */
final class LiveLine {

    private LiveLine() {
    }

    static String format(IntervalSample s) {
        return String.format(Locale.ROOT, "  %6.1fs %-7s received %10s msgs/s   dispatched %10s msgs/s   broker %s cores   host %s",
                s.t(), s.phase(), Figures.rate(s.sendRate()), Figures.rate(s.receiveRate()),
                Figures.cores(s.brokerCores()), Figures.percent(s.hostBusy()));
    }
}
