package io.jmsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import io.jmsbench.report.schema.ReportSchema;
import io.jmsbench.scenario.read.ScenarioSchema;
import io.jmsbench.verdict.FindingCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The generated pages of docs/reference/ are what the code says today, and report.json's schema
 * knows and describes every key of real reports (the reports written by jmsbench that the
 * regression tests read).
 */
@Timeout(60)
class ReferenceDocsTest {

    private static final Path CHECKED_IN = Path.of("..", ReferenceDocs.DIRECTORY);
    private static final Path REPORTS = Path.of("..", "bench-core", "src", "test", "resources", "regression");
    private static final String REGENERATE = "java -jar bench-controller/target/jmsbench.jar docs --out "
            + ReferenceDocs.DIRECTORY;

    @Test
    void everyCheckedInPageIsWhatTheCodeGeneratesToday() throws IOException {
        List<String> stale = new ArrayList<>();
        for (Map.Entry<String, String> page : ReferenceDocs.pages().entrySet()) {
            Path file = CHECKED_IN.resolve(page.getKey());
            if (!Files.exists(file) || !Files.readString(file).equals(page.getValue())) {
                stale.add(ReferenceDocs.DIRECTORY + "/" + page.getKey());
            }
        }
        assertEquals(List.of(), stale, "out of date; regenerate them with: " + REGENERATE);
    }

    @Test
    void theDocsCommandWritesEveryPage(@TempDir Path dir) throws IOException {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = Main.commandLine().setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true))
                .execute("docs", "--out", dir.toString());

        assertEquals(ExitCodes.OK, exit, err.toString());
        for (Map.Entry<String, String> page : ReferenceDocs.pages().entrySet()) {
            assertEquals(page.getValue(), Files.readString(dir.resolve(page.getKey())), page.getKey());
        }
    }

    @Test
    void schemaReportPrintsTheReportSchema() {
        StringWriter out = new StringWriter();
        int exit = Main.commandLine().setOut(new PrintWriter(out, true)).execute("schema", "--report");

        assertEquals(ExitCodes.OK, exit);
        assertEquals(ReportSchema.json(), out.toString());
    }

    @Test
    void everyFindingCodeIsExplained() {
        List<FindingCode> unexplained = Stream.of(FindingCode.values())
                .filter(c -> c.meaning().isBlank() || c.action().isBlank()).toList();
        assertEquals(List.of(), unexplained, "codes without what they mean and what to do (FindingCode's constructor)");
        String page = ReferenceDocs.pages().get("findings.md");
        Stream.of(FindingCode.values()).forEach(c -> assertTrue(page.contains("### " + c.name()), c.name()));
    }

    @Test
    void everyFieldOfTheScenarioSchemaHasItsRowInTheScenarioFieldsPage() {
        String page = ReferenceDocs.pages().get("scenario-fields.md");
        List<String> missing = new ArrayList<>();
        fieldNames(ScenarioSchema.generate(), missing, page);
        assertEquals(List.of(), missing, "fields of the scenario schema without a row in scenario-fields.md");
    }

    /** Walks a schema node: its properties' names, then every schema below it (fields, items, either's). */
    private static void fieldNames(JsonNode schema, List<String> missing, String page) {
        if (!schema.isObject()) {
            return;
        }
        schema.path("properties").fields().forEachRemaining(field -> {
            if (!page.contains("| `" + field.getKey() + "` |")) {
                missing.add(field.getKey());
            }
            fieldNames(field.getValue(), missing, page);
        });
        schema.path("anyOf").forEach(either -> fieldNames(either, missing, page));
        fieldNames(schema.path("items"), missing, page);
        fieldNames(schema.path("additionalProperties"), missing, page);
    }

    @Test
    void everyKeyTheReportSchemaListsIsDescribed() {
        assertEquals(List.of(), ReportSchema.generate().undescribed(), "keys without a description: add one to "
                + "report-keys.properties beside ReportSchema (or @JsonPropertyDescription on the record component)");
    }

    @Test
    void everyKeyOfRealReportsIsInTheSchemaAndDescribed() throws IOException {
        JsonNode schemaTree = new ObjectMapper().readTree(ReportSchema.json());
        JsonSchema schema = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(schemaTree);
        List<Path> reports;
        try (Stream<Path> files = Files.list(REPORTS)) {
            reports = files.filter(f -> f.toString().endsWith(".json")).sorted().toList();
        }
        assertTrue(reports.size() >= 5, "reports found: " + reports);
        Set<String> problems = new LinkedHashSet<>();
        for (Path report : reports) {
            JsonNode tree = new ObjectMapper().readTree(report.toFile());
            for (ValidationMessage m : schema.validate(tree)) {
                problems.add(report.getFileName() + ": " + m.getMessage());
            }
            keys(tree, schemaTree, schemaTree, "", problems);
        }
        assertEquals(List.of(), List.copyOf(problems), "regenerate with " + REGENERATE + " once the records say it");
    }

    @Test
    void theSchemaRefusesAKeyItDoesNotKnow() throws IOException {
        JsonNode schemaTree = new ObjectMapper().readTree(ReportSchema.json());
        JsonSchema schema = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(schemaTree);
        JsonNode report = new ObjectMapper().readTree(REPORTS.resolve("ci-smoke-base.json").toFile());
        ((ObjectNode) report.get("points").get(0).get("audit"))
                .put("undocumented", 1);

        Set<ValidationMessage> refused = schema.validate(report);
        Set<String> walked = new LinkedHashSet<>();
        keys(report, schemaTree, schemaTree, "", walked);

        assertEquals(1, refused.size(), refused.toString());
        assertTrue(refused.iterator().next().getMessage().contains("undocumented"), refused.toString());
        assertEquals(List.of("/points[]/audit/undocumented is not in the report schema"), List.copyOf(walked));
    }

    /** Walks {@code value} beside its schema: every key must be a described property. */
    private static void keys(JsonNode value, JsonNode schema, JsonNode root, String at, Set<String> problems) {
        JsonNode s = resolve(schema, root);
        if (value.isArray() && s.has("items")) {
            for (JsonNode item : value) {
                keys(item, s.get("items"), root, at + "[]", problems);
            }
        } else if (value.isObject()) {
            JsonNode properties = s.get("properties");
            JsonNode additional = s.get("additionalProperties");
            for (Iterator<Map.Entry<String, JsonNode>> it = value.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                String key = at + "/" + e.getKey();
                if (properties != null && properties.has(e.getKey())) {
                    JsonNode property = properties.get(e.getKey());
                    if (!property.hasNonNull("description") || property.get("description").asText().isBlank()) {
                        problems.add(key + " has no description");
                    }
                    keys(e.getValue(), property, root, key, problems);
                } else if (additional != null && additional.isObject()) {
                    keys(e.getValue(), additional, root, key, problems);
                } else if (properties != null) {
                    problems.add(key + " is not in the report schema");
                }
                // no properties and no additionalProperties: a value described as a whole (the scenario)
            }
        }
    }

    private static JsonNode resolve(JsonNode schema, JsonNode root) {
        if (schema.has("$ref")) {
            String ref = schema.get("$ref").asText();
            return root.at(ref.substring(1).replace("~1", "/"));
        }
        return schema;
    }

}
