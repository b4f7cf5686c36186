package io.jmsbench.run.progress;

import io.jmsbench.report.Figures;
import io.jmsbench.report.IntervalSample;

import java.io.PrintStream;
import java.time.Clock;
import java.util.Locale;

/**
 * Progress for logs (CI, a pipe, a file): a line at each phase change and every
 * {@value #EVERY_SECONDS} seconds of a phase, none rewritten.
 */
final class PlainProgress implements ProgressView {

    static final double EVERY_SECONDS = 5;

    private final PrintStream out;
    private final Clock clock;
    private PointTicket ticket;
    private PointTimeline timeline;
    private double lastPrinted;

    PlainProgress(PrintStream out, Clock clock) {
        this.out = out;
        this.clock = clock;
    }

    @Override
    public void pointStarting(PointTicket ticket) {
        this.ticket = ticket;
        this.timeline = new PointTimeline(ticket.phases());
    }

    @Override
    public void sample(IntervalSample sample) {
        boolean phaseChange = timeline.startsPhase(sample);
        PhaseStatus status = timeline.update(sample);
        if (!phaseChange && sample.t() - lastPrinted < EVERY_SECONDS - 0.5) {
            return;
        }
        lastPrinted = sample.t();
        out.println(line(ticket, status, sample, EndOfRun.words(clock, ticket, status)));
    }

    static String line(PointTicket ticket, PhaseStatus status, IntervalSample s, String end) {
        return String.format(Locale.ROOT, "  %s%-7s %5.0f s  %-30s received %10s msgs/s  dispatched %10s msgs/s  "
                        + "broker %s cores  host %s%s", ticket.label().isEmpty() ? "" : ticket.label() + "  ",
                status.phase(), status.inPhase(), "(" + status.remaining() + ")", Figures.rate(s.sendRate()),
                Figures.rate(s.receiveRate()), Figures.cores(s.brokerCores()), Figures.percent(s.hostBusy()),
                end.isEmpty() ? "" : "  " + end);
    }

    @Override
    public void pointEnded() {
        ticket = null;
        timeline = null;
        lastPrinted = 0;
    }
}
