package io.jmsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import io.jmsbench.scenario.ScenarioException;
import io.jmsbench.scenario.read.ScenarioLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code jmsbench schema} against the copy in scenarios/, and that copy against the shipped
 * scenarios, through a JSON Schema validator as an editor would use it.
 */
@Timeout(60)
class SchemaCommandTest {

    private static final Path SCENARIOS = Path.of("..", "scenarios");
    private static final Path CHECKED_IN = SCENARIOS.resolve("scenario.schema.json");
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final String MODELINE = "# yaml-language-server: $schema=";

    @Test
    void theCheckedInSchemaIsWhatTheCommandPrints() throws IOException {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = Main.commandLine().setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true))
                .execute("schema");

        assertEquals(ExitCodes.OK, exit, "exit code");
        assertEquals("", err.toString(), "stderr");
        assertEquals(Files.readString(CHECKED_IN), out.toString(),
                CHECKED_IN + " is out of date: ./jmsbench schema > scenarios/scenario.schema.json");
    }

    @Test
    void everyShippedScenarioNamesTheSchemaAndPassesIt() throws IOException {
        JsonSchema schema = schema();
        List<Path> files = shippedScenarios();
        assertTrue(files.size() >= 30, "shipped scenarios found: " + files);
        for (Path file : files) {
            String expected = MODELINE + file.getParent().relativize(CHECKED_IN).toString().replace('\\', '/');
            assertEquals(expected, Files.readAllLines(file).get(0), file + ": its first line");
            Set<ValidationMessage> errors = schema.validate(YAML.readTree(file.toFile()));
            assertTrue(errors.isEmpty(), file + ": " + errors);
        }
    }

    @Test
    void theSchemaRefusesWhatTheLoaderRefuses() throws IOException {
        JsonSchema schema = schema();
        for (String bad : List.of(
                "naem: typo\n",                                  // unknown field at the top
                "delivery: {acks: client}\n",                     // unknown field in a section
                "subscribers: [{clients: 2, filtr: {and: 2}}]\n", // unknown field in a list's item
                "provider: stomp\n",                              // not one of the enum's names
                "phases: {warmup: 10}\n",                         // a duration without its unit
                "publishers: {rate: fast}\n",                     // neither max nor a number
                "broker: {memoryLimit: 0MB}\n",                   // not a positive size
                "broker: {embedded: rabbitmq}\n",                 // no broker jmsbench embeds
                "sweep: {publishers.clients: [1, 2], 'no path': [1]}\n")) {
            assertFalse(schema.validate(YAML.readTree(bad)).isEmpty(), "the schema accepts " + bad);
            assertThrows(ScenarioException.class, () -> ScenarioLoader.parse(bad, "t.yaml", "t", List.of()),
                    "the loader accepts " + bad);
        }
    }

    @Test
    void theSchemaAcceptsTheValuesTheLoaderReadsInTheirOtherForms() throws IOException, ScenarioException {
        JsonSchema schema = schema();
        for (String good : List.of(
                "phases: {warmup: auto, measure: 30s, drain: 500ms}\n",
                "phases: {measure: auto, precision: 2.5%}\n",
                "publishers: {rate: 20000}\n",
                "publishers: {rate: max}\n",
                "broker: {memoryLimit: 512kb, storeLimit: 2048}\n",
                "agents: {publishers: '10.0.0.3:7100, 10.0.0.4:7100', subscribers: ['[::1]:7101']}\n",
                "subscribers: [{clients: 1}]\n"
                        + "sweep: {publishers.clients: {from: 1, to: 4}, 'subscribers[0].clients': [1, 2]}\n")) {
            assertEquals(Set.of(), schema.validate(YAML.readTree(good)), good);
            ScenarioLoader.parse(good, "t.yaml", "t", List.of());
        }
    }

    private static JsonSchema schema() throws IOException {
        return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012)
                .getSchema(new ObjectMapper().readTree(CHECKED_IN.toFile()));
    }

    private static List<Path> shippedScenarios() throws IOException {
        try (Stream<Path> files = Files.walk(SCENARIOS)) {
            return files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList();
        }
    }
}
