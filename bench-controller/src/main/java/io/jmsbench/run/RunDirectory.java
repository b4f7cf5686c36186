package io.jmsbench.run;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;

/** {@code results/<scenario>/<run-id>/}: created when a run starts, never reused. */
public record RunDirectory(Path path, String runId) {

    private static final DateTimeFormatter ID = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'");

    static RunDirectory create(Path outRoot, String scenarioName) throws IOException {
        String base = ID.format(ZonedDateTime.now(ZoneOffset.UTC));
        Path parent = outRoot.resolve(scenarioName);
        Files.createDirectories(parent);
        for (int n = 0; ; n++) {
            String id = n == 0 ? base : base + "-" + n;
            try {
                Path dir = Files.createDirectory(parent.resolve(id));
                Files.createDirectories(dir.resolve("logs"));
                return new RunDirectory(dir, id);
            } catch (FileAlreadyExistsException e) {
                // another run started in the same second: take the next suffix
            }
        }
    }

    public Path samples() {
        return path.resolve("samples.jsonl");
    }

    public Path logs() {
        return path.resolve("logs");
    }
}
