package io.jmsbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Finds and reads the one run directory a test's run wrote. Every report read is checked against
 * the report's documented schema (docs/reference/report.schema.json), so a run that writes a key
 * the schema does not know fails here until the schema is regenerated with the key described.
 */
final class Reports {

    private static final Path SCHEMA = Path.of("..", "docs", "reference", "report.schema.json");
    private static JsonSchema schema;

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
        JsonNode report = new ObjectMapper().readTree(runDirectory.resolve("report.json").toFile());
        Set<ValidationMessage> problems = schema().validate(report);
        assertEquals(Set.of(), problems, runDirectory.resolve("report.json") + " against " + SCHEMA
                + " (regenerate it: java -jar bench-controller/target/jmsbench.jar docs --out docs/reference)");
        return report;
    }

    private static synchronized JsonSchema schema() {
        if (schema == null) {
            try {
                schema = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012)
                        .getSchema(new ObjectMapper().readTree(SCHEMA.toFile()));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return schema;
    }
}
