package io.jmsbench.run.progress;

import io.jmsbench.scenario.Phases;

import java.time.Clock;
import java.time.Duration;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;

/**
 * The estimated end of the run in words: "ends ~14:32"; "ends by 14:32" when its phases end
 * themselves (an automatic warm-up or window, a count of messages), their upper bounds counted; ""
 * when it cannot be estimated, as in a search.
 */
final class EndOfRun {

    private static final DateTimeFormatter HOURS_MINUTES = DateTimeFormatter.ofPattern("HH:mm");

    private EndOfRun() {
    }

    static String words(Clock clock, PointTicket ticket, PhaseStatus status) {
        if (Double.isNaN(ticket.secondsAfter())) {
            return "";
        }
        double seconds = status.pointSecondsLeft() + ticket.secondsAfter();
        LocalTime end = LocalTime.ofInstant(clock.instant().plus(Duration.ofSeconds(Math.round(seconds))),
                clock.getZone() == null ? ZoneId.systemDefault() : clock.getZone());
        Phases phases = ticket.phases();
        boolean bound = phases.warmupAuto() || phases.measureAuto() || phases.messages() > 0;
        return (bound ? "ends by " : "ends ~") + end.format(HOURS_MINUTES);
    }
}
