package io.jmsbench.run.progress;

import io.jmsbench.report.IntervalSample;
import me.tongfei.progressbar.DelegatingProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.function.IntSupplier;

/**
 * Progress on a terminal: one bar per point that rewrites itself, drawn by the progressbar
 * library (its own thread refreshes the elapsed time every half second). The bar counts the
 * point's seconds of publishing against its planned warm-up and window, with the seconds left
 * (upper bounds for automatic windows); its message says the point, the phase and what else ends
 * it, the rates, and the run's estimated end.
 * Erased when the point ends: the run's own line for the point takes its place.
 */
final class BarProgress implements ProgressView {

    private static final int REFRESH_MILLIS = 500;

    private final BarLine line;
    private final IntSupplier width;
    private final ProgressBarStyle style;
    private final Clock clock;
    private PointTicket ticket;
    private PointTimeline timeline;
    private volatile PhaseStatus status;
    private ProgressBar bar;

    BarProgress(BarLine line, IntSupplier width, ProgressBarStyle style, Clock clock) {
        this.line = line;
        this.width = width;
        this.style = style;
        this.clock = clock;
    }

    @Override
    public void pointStarting(PointTicket ticket) {
        this.ticket = ticket;
        this.timeline = new PointTimeline(ticket.phases());
    }

    @Override
    public void sample(IntervalSample sample) {
        PhaseStatus now = timeline.update(sample);
        status = now;
        if (bar == null) {
            bar = new ProgressBarBuilder()
                    .setInitialMax(Math.max(1, Math.round(sample.t() + now.pointSecondsLeft())))
                    .setUnit(" s", 1)
                    .setStyle(style)
                    .setUpdateIntervalMillis(REFRESH_MILLIS)
                    .continuousUpdate() // else it redraws only when the count moves: a new message would wait
                    .setConsumer(new DelegatingProgressBarConsumer(line::show, width.getAsInt()))
                    .setEtaFunction(state -> Optional.of(Duration.ofSeconds(Math.round(status.pointSecondsLeft()))))
                    .build();
        }
        long at = Math.round(sample.t());
        if (at > bar.getMax()) {
            bar.maxHint(at);
        }
        bar.stepTo(at);
        bar.setExtraMessage(message(now, sample));
    }

    private String message(PhaseStatus now, IntervalSample sample) {
        String end = EndOfRun.words(clock, ticket, now);
        return (ticket.label().isEmpty() ? "" : ticket.label() + " ") + now.phase()
                + (now.until().isEmpty() ? "" : " until " + now.until()) + "  " + Rates.compact(sample.sendRate())
                + " in, " + Rates.compact(sample.receiveRate()) + " out msgs/s" + (end.isEmpty() ? "" : "  " + end);
    }

    @Override
    public void pointEnded() {
        if (bar != null) {
            bar.close();
            bar = null;
        }
        line.hide();
        ticket = null;
        timeline = null;
    }
}
