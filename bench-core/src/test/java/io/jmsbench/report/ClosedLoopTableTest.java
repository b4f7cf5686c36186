package io.jmsbench.report;

import io.jmsbench.protocol.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A closed loop's path with holds, in its sentence, report.md's table and report.json. */
@Timeout(10)
class ClosedLoopTableTest {

    private static ClosedLoop.Step step(int index, double rate, double start, double sent, ClosedLoop.Verdict verdict,
                                        double drain, boolean hold) {
        return new ClosedLoop.Step(index, rate, start, hold ? 9 : 3, sent, 0, Double.NaN, verdict, drain, hold);
    }

    private static final ClosedLoop HELD_AGAIN = new ClosedLoop(true, 1_500, 1_500, 2_000, 40, List.of(
            step(1, 1_000, 0, 1_000, ClosedLoop.Verdict.STEADY, 0, false),
            step(2, 2_000, 5, 1_800, ClosedLoop.Verdict.HELD_BACK, 1, true),
            step(3, 1_500, 15, 1_500, ClosedLoop.Verdict.STEADY, 0, false),
            step(4, 1_500, 18, 1_500, ClosedLoop.Verdict.STEADY, 0, true)), null);

    @Test
    void theSentenceCountsTheHoldsAndThoseThatMissed() {
        assertEquals("Sustainable rate 1,500 msgs/s, in [1,500, 2,000) msgs/s, found by a closed loop in 2 steps, "
                + "2 holds (1 missed), 40 s; held for the window.", HELD_AGAIN.sentence());
    }

    @Test
    void aPathWithoutHoldsReadsAsBefore() {
        ClosedLoop steps = new ClosedLoop(true, 1_000, 1_000, 1_050, 20, List.of(
                step(1, 1_000, 0, 1_000, ClosedLoop.Verdict.STEADY, 0, false)), null);
        assertEquals("Sustainable rate 1,000 msgs/s, in [1,000, 1,050) msgs/s, found by a closed loop in 1 step, "
                + "20 s; held for the window.", steps.sentence());
    }

    @Test
    void theTableMarksEachHold() {
        String md = ClosedLoopTable.section(HELD_AGAIN);
        assertTrue(md.contains("\n| 2 (hold) | 5 | 2,000 | 1,800 | +0 | n/a | held-back | 1 |\n"), md);
        assertTrue(md.contains("\n| 3 | 15 | 1,500 | 1,500 | +0 | n/a | steady |  |\n"), md);
        assertTrue(md.contains("\n| 4 (hold) | 18 | 1,500 | 1,500 | +0 | n/a | steady |  |\n"), md);
    }

    @Test
    void aStepWrittenBeforeHoldsReadsAsAStep() throws Exception {
        ClosedLoop.Step old = Json.MAPPER.readValue("""
                {"index":1,"rate":1000.0,"startSeconds":0.0,"seconds":5.0,"sentRate":1000.0,"backlogSlope":1.0,
                 "latencyMicros":"NaN","verdict":"steady","drainSeconds":0.0}""", ClosedLoop.Step.class);
        assertFalse(old.hold());
        assertTrue(Json.MAPPER.writeValueAsString(HELD_AGAIN.steps().get(1)).contains("\"hold\":true"));
    }
}
