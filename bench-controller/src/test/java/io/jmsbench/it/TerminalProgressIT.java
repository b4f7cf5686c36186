package io.jmsbench.it;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The progress bar as a person sees it: a real run in a real terminal (tmux, 100 columns), its
 * screen read five times a second. The screens are kept under target/terminal-progress/. Two repeats of
 * 2 s + 4 s (not smoke.yaml's 10 s + 20 s): some 60 screens with the bar, in each phase, are plenty.
 */
@Timeout(180)
@SharesTheMachine
class TerminalProgressIT {

    private static final int COLUMNS = 100;
    private static final String EXITED = "jmsbench exited with ";
    private static final Path KEPT = Path.of("target", "terminal-progress");

    @TempDir
    Path work;

    private final String socket = "jmsbench-it-" + ProcessHandle.current().pid();

    @Test
    void oneBarRewritesItselfWithinTheTerminalAndLeavesOnlyTheRunsLines() throws Exception {
        Skip.unless(Files.isExecutable(Path.of("/usr/bin/tmux")), () -> "no tmux here (apt-get install tmux)");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String command = String.join(" ", java, String.join(" ", Jmsbench.jitOptions()), "-jar",
                Jmsbench.JAR.toAbsolutePath().toString(), "run",
                Jmsbench.SCENARIOS.resolve("smoke.yaml").toAbsolutePath().toString(), "--set", "repeat=2",
                "--set", "phases.warmup=2s", "--set", "phases.measure=4s", "--out", work.resolve("results").toString());
        List<String> screens = new ArrayList<>();
        try {
            tmux("new-session", "-d", "-x", String.valueOf(COLUMNS), "-y", "50", "sh", "-c",
                    command + "; echo \"" + EXITED + "$?\"; sleep 300");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(150);
            String screen = "";
            while (!screen.contains(EXITED) && System.nanoTime() < deadline) {
                Thread.sleep(200);
                screen = tmux("capture-pane", "-p", "-J");
                screens.add(screen);
            }
        } finally {
            tmux("kill-server");
            Files.createDirectories(KEPT);
            Files.writeString(KEPT.resolve("screens.txt"), String.join("\n---- 200 ms later ----\n", screens));
        }
        String last = screens.get(screens.size() - 1);
        assertTrue(last.contains(EXITED + "0"), last);

        List<String> withBar = screens.stream().filter(s -> barLines(s).size() == 1).toList();
        assertFalse(withBar.isEmpty(), "a bar was drawn: " + last);
        for (String screen : screens) {
            assertTrue(barLines(screen).size() <= 1, "one bar at a time, no stale copies:\n" + screen);
            for (String line : barLines(screen)) {
                assertTrue(line.length() <= COLUMNS, "a bar the terminal wrapped (-J joins them): " + line);
            }
        }
        String running = withBar.get(withBar.size() / 2);
        String bar = barLines(running).get(0);
        assertTrue(bar.matches(".*\\d+% .*\\d+/\\d+ s \\(\\d:\\d\\d:\\d\\d / \\d:\\d\\d:\\d\\d\\) run [12]/2 "
                + "(warmup|measure|drain)( until .+)?  [0-9.]+k? in, [0-9.]+k? out msgs/s  ends ~\\d\\d:\\d\\d"), bar);
        assertEquals(bar, lastNonEmptyLine(running), "the bar is the last line:\n" + running);
        // once done, the bar is gone and each run's own line is there
        assertTrue(barLines(last).isEmpty(), last);
        assertEquals(2, last.split("  => received ", -1).length - 1, last);
    }

    private static List<String> barLines(String screen) {
        return screen.lines().filter(l -> l.contains(" in, ") && l.contains(" out msgs/s")).toList();
    }

    private static String lastNonEmptyLine(String screen) {
        List<String> lines = screen.lines().filter(l -> !l.isBlank()).toList();
        return lines.get(lines.size() - 1);
    }

    private String tmux(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("tmux", "-L", socket));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(10, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("tmux " + String.join(" ", args) + " did not answer within 10 s");
        }
        return out;
    }
}
