package io.jmsbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Finds and reads the one run directory a test's run wrote. */
final class Reports {

    private Reports() {
    }

    static Path onlyRunDirectory(Path out, String scenario) throws IOException {
        try (Stream<Path> runs = Files.list(out.resolve(scenario))) {
            List<Path> all = runs.toList();
            assertEquals(1, all.size(), "run directories under " + out.resolve(scenario) + ": " + all);
            return all.get(0);
        }
    }

    static JsonNode read(Path runDirectory) throws IOException {
        return new ObjectMapper().readTree(runDirectory.resolve("report.json").toFile());
    }
}
