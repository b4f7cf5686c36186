package io.jmsbench.run.judge;

import io.jmsbench.report.PointResult.RateFigure;
import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SteadyStateTest {

    private static RateFigure rate(double perSecond, double seconds) {
        return new RateFigure(Math.round(perSecond * seconds), perSecond, seconds);
    }

    @Test
    void aWindowAtTheExpectedGradeIsSteady() {
        // the quickstart's figures: 48,782 sent and 97,406 dispatched per second at grade 2
        assertTrue(SteadyState.check(rate(48_782, 15), rate(97_406, 15), 2).isEmpty());
    }

    @Test
    void subscribersDrainingABacklogAreNotSteady() {
        // a capped AMQP 4x4 topic: publishers stalled by flow control while subscribers emptied the broker
        Optional<io.jmsbench.verdict.Finding> reason = SteadyState.check(rate(840, 20), rate(4_445, 20), 4);
        assertEquals("not a steady state: the subscribers got 5.29 copies per message sent in the window against "
                + "the expected 4.00: the broker's backlog shrank by about 5,425 messages during it, so its "
                + "rates are not the broker's capacity (a longer warm-up or window may help)", reason.orElseThrow().text());
    }

    @Test
    void aBacklogThatGrowsIsNotSteady() {
        Optional<io.jmsbench.verdict.Finding> reason = SteadyState.check(rate(10_000, 10), rate(8_000, 10), 1);
        assertTrue(reason.orElseThrow().text().contains("backlog grew by about 20,000 messages"), reason.get().text());
    }

    @Test
    void smallWindowsAndSmallChangesPassEitherWay() {
        // 20% off, but only 40 messages: the edges' messages in flight
        assertTrue(SteadyState.check(rate(100, 2), rate(80, 2), 1).isEmpty());
        // 5,000 messages, but 5% of a big window
        assertTrue(SteadyState.check(rate(100_000, 1), rate(95_000, 1), 1).isEmpty());
    }

    @Test
    void noSubscribersOrNothingSentIsNotJudgedHere() {
        assertTrue(SteadyState.check(rate(5_000, 10), rate(0, 10), 0).isEmpty());
        assertTrue(SteadyState.check(rate(0, 10), rate(0, 10), 1).isEmpty());
    }
}
