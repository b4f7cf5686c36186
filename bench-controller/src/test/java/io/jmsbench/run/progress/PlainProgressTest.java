package io.jmsbench.run.progress;

import io.jmsbench.scenario.Phases;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PlainProgressTest {

    private static final Clock NOON = Clock.fixed(Instant.parse("2026-11-24T12:00:00Z"), ZoneOffset.UTC);

    @Test
    void aLineAtEachPhaseChangeAndEveryFiveSecondsNotEverySecond() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PlainProgress progress = new PlainProgress(new PrintStream(bytes, true, StandardCharsets.UTF_8), NOON);
        // point 2 of 6, with 4 runs of 100 s after it
        progress.pointStarting(new PointTicket("point 2/6", new Phases(Duration.ofSeconds(10), Duration.ofSeconds(30),
                Duration.ofSeconds(15)), 400));
        for (int t = 1; t <= 40; t++) {
            progress.sample(Samples.at(t, t <= 10 ? "warmup" : "measure", 41_000 + t, 40_000 + t));
        }
        progress.pointEnded();
        List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();
        // warm-up at 1 and 6 s; the window at 1 (t=11), 6, 11, 16, 21, 26 s
        assertEquals(8, lines.size(), String.join("\n", lines));
        assertTrue(lines.get(0).startsWith("  point 2/6  warmup      1 s  (9 s left)"), lines.get(0));
        assertTrue(lines.get(0).contains("received     41,001 msgs/s  dispatched     40,001 msgs/s"), lines.get(0));
        assertTrue(lines.get(0).contains("broker 1.25 cores  host 97.0%"), lines.get(0));
        // 39 s of this point and 400 s of the runs after it from noon
        assertTrue(lines.get(0).endsWith("ends ~12:07"), lines.get(0));
        assertTrue(lines.get(2).startsWith("  point 2/6  measure     1 s  (29 s left)"), lines.get(2));
        assertTrue(lines.get(7).contains("measure    26 s  (4 s left)"), lines.get(7));
    }

    @Test
    void anEndByIsNeverAMinuteAlreadyGoneWhenAPhaseRunsPastItsPlan() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Clock late = Clock.fixed(Instant.parse("2026-11-24T12:00:50Z"), ZoneOffset.UTC);
        PlainProgress progress = new PlainProgress(new PrintStream(bytes, true, StandardCharsets.UTF_8), late);
        // the last point: an auto warm-up (so an upper bound), a 30 s window, a drain of at most 15 s
        progress.pointStarting(new PointTicket("", new Phases(Duration.ofSeconds(10), Duration.ofSeconds(30),
                Duration.ofSeconds(15), 0, true, false, 0.05), 0));
        progress.sample(Samples.at(5, "warmup", 1000, 1000));
        progress.sample(Samples.at(6, "measure", 1000, 1000));
        progress.sample(Samples.at(41, "measure", 1000, 1000)); // 35 s into a 30 s window
        progress.sample(Samples.at(43, "drain", 1000, 1000)); // 2 s into the drain, 13 s at most left
        List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();
        // 12:00:50 + 5 s of warm-up + 30 s of window + 15 s of drain, rounded up
        assertTrue(lines.get(0).endsWith("ends by 12:02"), lines.get(0));
        // past its plan: nothing left of the window but the drain's 15 s, not "12:00", a minute gone
        assertTrue(lines.get(2).contains("(0 s left)") && lines.get(2).endsWith("ends by 12:02"), lines.get(2));
        assertTrue(lines.get(3).endsWith("ends by 12:02"), lines.get(3));
    }

    @Test
    void aSearchSaysNoEndItCannotKnow() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PlainProgress progress = new PlainProgress(new PrintStream(bytes, true, StandardCharsets.UTF_8), NOON);
        progress.pointStarting(new PointTicket("step 3/8 at most", new Phases(Duration.ofSeconds(2),
                Duration.ofSeconds(5), Duration.ofSeconds(5)), Double.NaN));
        progress.sample(Samples.at(1, "warmup", 500, 500));
        String line = bytes.toString(StandardCharsets.UTF_8).strip();
        assertTrue(line.startsWith("step 3/8 at most  warmup"), line);
        assertTrue(line.endsWith("host 97.0%"), line);
    }
}
