package io.jmsbench.report;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class BacklogLinesTest {

    private static final String START = "Backlog (late, leaving or slow subscribers; copies sent and not yet received, "
            + "from the clients' counts at each second, so each time is at most a second late): ";

    @Test
    void aDrainedBacklogSaysWhenAfterTheJoinAndThePeakAndHowFast() {
        BacklogFigures b = new BacklogFigures(5012, 6, 5, 7, 2, 4950, 100, 5100L, 6.0);
        assertEquals(START + "peak 5,012 messages at 6.0 s; drained (to within 100 messages) at 7.0 s, 2.0 s after "
                + "the consumers joined at 5.0 s and 1.0 s after the peak, at 4,950 msgs/s; the broker held at most "
                + "5,100 at 6.0 s (its management interface).", BacklogLines.markdown(b));
    }

    @Test
    void aBacklogLeftIsSaidInCapitals() {
        BacklogFigures b = new BacklogFigures(5012, 6, 5, Double.NaN, Double.NaN, Double.NaN, 100, null, null);
        assertEquals(START + "peak 5,012 messages at 6.0 s; NOT drained by the point's end (more than 100 messages "
                + "left).", BacklogLines.markdown(b));
    }

    @Test
    void aBacklogNeverAboveWhatIsInFlightSaysSo() {
        BacklogFigures b = new BacklogFigures(12, 3, 0, 0, 0, Double.NaN, 20, null, null);
        assertEquals(START + "peak 12 messages at 3.0 s; never above the 20 messages counted as in flight.",
                BacklogLines.markdown(b));
    }
}
