package io.jmsbench.run.progress;

import io.jmsbench.scenario.Phases;
import me.tongfei.progressbar.ProgressBarStyle;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BarProgressTest {

    private static final Clock NOON = Clock.fixed(Instant.parse("2026-11-24T12:00:00Z"), ZoneOffset.UTC);
    private static final int WIDTH = 110;

    private final ByteArrayOutputStream screen = new ByteArrayOutputStream();
    private final BarLine line = new BarLine(new PrintStream(screen, true, StandardCharsets.UTF_8));
    private final PrintStream console = new PrintStream(line, true, StandardCharsets.UTF_8);
    private final BarProgress progress = new BarProgress(line, () -> WIDTH, ProgressBarStyle.ASCII, NOON);

    private String screen() {
        return screen.toString(StandardCharsets.UTF_8);
    }

    private void awaitOnScreen(String text) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!screen().contains(text)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("never drawn: '" + text + "'; the screen:\n" + screen());
            }
            Thread.sleep(20);
        }
    }

    @Test
    void oneLineRewritesItselfOtherLinesPrintAboveItAndItIsGoneWhenThePointEnds() throws InterruptedException {
        console.println("  broker   embedded activemq at tcp://localhost:61616");
        progress.pointStarting(new PointTicket("point 2/6", new Phases(Duration.ofSeconds(10), Duration.ofSeconds(30),
                Duration.ofSeconds(15), 0, false, true, 0.05), 400));
        progress.sample(Samples.at(1, "warmup", 41_000, 40_000));
        // 9 s of warm-up, 30 s of window and 15 s of drain at most, then 400 s of runs: 12:07:34, rounded up
        awaitOnScreen("point 2/6 warmup  41.0k in, 40.0k out msgs/s  ends by 12:08");
        for (int t = 2; t <= 11; t++) {
            progress.sample(Samples.at(t, t <= 10 ? "warmup" : "measure", 98_000, 97_500));
        }
        awaitOnScreen("point 2/6 measure until ±5%  98.0k in, 97.5k out msgs/s");
        console.println("  warm-up  10 s as planned");
        progress.pointEnded();
        console.println("  => received 98,000 msgs/s");

        String all = screen();
        assertFalse(all.contains("\u001b"), "no escape codes, only carriage returns and spaces: " + all);
        // every rendering of the bar starts at the line's beginning and fits the terminal
        for (String drawn : all.split("[\r\n]")) {
            assertTrue(drawn.length() <= WIDTH, "wider than the terminal: '" + drawn + "'");
        }
        // the lines, as a terminal shows them once every carriage return has overwritten its line
        assertEquals("  broker   embedded activemq at tcp://localhost:61616\n"
                + "  warm-up  10 s as planned\n"
                + "  => received 98,000 msgs/s\n", asTerminalShows(all));
    }

    @Test
    void theBarCountsSecondsOfThePlanAndWaitsForNothingWhenTheDrainRunsOver() throws InterruptedException {
        progress.pointStarting(new PointTicket("", new Phases(Duration.ofSeconds(2), Duration.ofSeconds(5),
                Duration.ofSeconds(10)), 0));
        progress.sample(Samples.at(1, "warmup", 1000, 1000));
        awaitOnScreen("1/7 s");
        progress.sample(Samples.at(9, "drain", 0, 10));
        awaitOnScreen("100%");
        awaitOnScreen("9/9 s");
        progress.pointEnded();
        assertEquals("", asTerminalShows(screen()));
    }

    /** Applies carriage returns and newlines as a terminal would; trailing spaces, as it shows them, dropped. */
    private static String asTerminalShows(String written) {
        StringBuilder shown = new StringBuilder();
        StringBuilder current = new StringBuilder();
        int column = 0;
        for (char c : written.toCharArray()) {
            if (c == '\r') {
                column = 0;
            } else if (c == '\n') {
                shown.append(current.toString().stripTrailing()).append('\n');
                current.setLength(0);
                column = 0;
            } else {
                if (column < current.length()) {
                    current.setCharAt(column, c);
                } else {
                    current.append(c);
                }
                column++;
            }
        }
        return shown.append(current.toString().stripTrailing()).toString();
    }
}
