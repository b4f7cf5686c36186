package io.jmsbench.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;

/**
 * The report.json of a run an end-to-end test already made, kept under target/ so that a later test
 * (ReportHtmlIT) reads it instead of running the broker again: CI's time goes to measuring once.
 * A kept report counts only when the jar under test wrote it, so a stale one from an older build is
 * never taken for this one's.
 */
final class KeptRuns {

    static final Path DIR = Path.of("target", "it-runs");

    private KeptRuns() {
    }

    static void keep(Path runDirectory, String name) throws IOException {
        Path target = DIR.resolve(name);
        Files.createDirectories(target);
        Files.copy(runDirectory.resolve("report.json"), target.resolve("report.json"),
                StandardCopyOption.REPLACE_EXISTING);
    }

    /** A copy of the kept report.json in a directory of its own under {@code work}, if the current jar wrote it. */
    static Optional<Path> copy(String name, Path work) throws IOException {
        Path kept = DIR.resolve(name).resolve("report.json");
        if (!Files.isRegularFile(kept) || !Files.isRegularFile(Jmsbench.JAR)
                || Files.getLastModifiedTime(kept).compareTo(Files.getLastModifiedTime(Jmsbench.JAR)) < 0) {
            return Optional.empty();
        }
        Path dir = Files.createDirectories(work.resolve("kept-" + name));
        Files.copy(kept, dir.resolve("report.json"), StandardCopyOption.REPLACE_EXISTING);
        return Optional.of(dir);
    }
}
