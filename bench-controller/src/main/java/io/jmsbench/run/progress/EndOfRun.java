package io.jmsbench.run.progress;

import io.jmsbench.scenario.Phases;

import java.time.Clock;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;

/**
 * The estimated end of the run in words: "ends ~14:32"; "ends by 14:32" when its phases end
 * themselves (an automatic warm-up or window, a count of messages), their upper bounds counted, the
 * drain's too; "" when it cannot be estimated, as in a search. Worked out from now at each sample, so
 * a phase that runs past its plan moves the end on rather than leaving it behind.
 */
final class EndOfRun {

    private static final DateTimeFormatter HOURS_MINUTES = DateTimeFormatter.ofPattern("HH:mm");

    private EndOfRun() {
    }

    static String words(Clock clock, PointTicket ticket, PhaseStatus status) {
        if (Double.isNaN(ticket.secondsAfter())) {
            return "";
        }
        Phases phases = ticket.phases();
        boolean bound = phases.warmupAuto() || phases.measureAuto() || phases.messages() > 0;
        double drain = !bound ? 0 : "drain".equals(status.phase()) ? status.phaseSecondsLeft()
                : phases.drain().toMillis() / 1000.0;
        double seconds = status.pointSecondsLeft() + drain + ticket.secondsAfter();
        ZonedDateTime end = ZonedDateTime.ofInstant(clock.instant().plusMillis(Math.round(seconds * 1000)),
                clock.getZone() == null ? ZoneId.systemDefault() : clock.getZone());
        // an upper bound is shown at the minute it ends in, rounded up, never at one already gone
        ZonedDateTime shown = bound ? end.plusMinutes(1).minusNanos(1).truncatedTo(ChronoUnit.MINUTES)
                : end.plusSeconds(30).truncatedTo(ChronoUnit.MINUTES);
        return (bound ? "ends by " : "ends ~") + shown.format(HOURS_MINUTES);
    }
}
