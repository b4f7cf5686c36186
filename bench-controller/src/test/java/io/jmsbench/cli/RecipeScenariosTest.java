package io.jmsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.jmsbench.scenario.ScenarioException;
import io.jmsbench.scenario.read.ScenarioLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The scenarios of docs/recipes.md ({@code scenarios/examples/*.yaml}, not its {@code features/}):
 * each loads with every point validated (SchemaCommandTest holds them to the schema as every shipped
 * scenario), and each is the one a recipe runs: docs/recipes.md shows a command line with its path.
 * A password reference ({@code env:NAME}) is resolved only by run and validate, so it is not needed here.
 */
@Timeout(60)
class RecipeScenariosTest {

    private static final Path REPO = Path.of("..");
    private static final Path EXAMPLES = REPO.resolve("scenarios/examples");

    @Test
    void everyRecipeScenarioLoadsAndARecipeRunsIt() throws IOException {
        List<Path> files;
        try (Stream<Path> list = Files.list(EXAMPLES)) {
            files = list.filter(f -> f.toString().endsWith(".yaml")).sorted().toList();
        }
        assertTrue(files.size() >= 6, "recipe scenarios found: " + files);
        String recipes = Files.readString(REPO.resolve("docs/recipes.md"));
        List<String> commands = DocCommandLinesTest.shownLines().stream()
                .filter(s -> s.where().startsWith("docs/recipes.md")).map(DocCommandLinesTest.Shown::line).toList();
        List<String> wrong = new ArrayList<>();
        for (Path file : files) {
            String path = "scenarios/examples/" + file.getFileName();
            try {
                ScenarioLoader.plan(file, List.of());
            } catch (ScenarioException e) {
                wrong.add(path + ": " + e.getMessage());
            }
            if (commands.stream().noneMatch(line -> line.contains(path))
                    && !recipes.contains("--scenario " + path) && !recipes.contains("scenario: " + path)) {
                wrong.add(path + ": no command line of docs/recipes.md runs it");
            }
        }
        assertEquals("", String.join("\n", wrong));
    }

    /**
     * The CI workflow to copy (docs/ci/bench-smoke.yml) is YAML GitHub can read, and works outside a
     * jmsbench clone: it fetches jmsbench at a pinned ref and runs the scenario its user names.
     */
    @Test
    void theWorkflowFetchesAPinnedJmsbenchAndRunsTheUsersScenario() throws IOException {
        JsonNode workflow = new ObjectMapper(new YAMLFactory()).readTree(REPO.resolve("docs/ci/bench-smoke.yml").toFile());
        assertTrue(workflow.path("env").has("JMSBENCH_REF"), "env: " + workflow.path("env"));
        assertTrue(workflow.path("env").path("SCENARIO").asText().contains("inputs.scenario"), "env: " + workflow.path("env"));
        List<String> steps = new ArrayList<>();
        for (JsonNode step : workflow.path("jobs").path("smoke").path("steps")) {
            steps.add(step.path("run").asText() + step.path("with").path("ref").asText());
        }
        assertTrue(steps.stream().anyMatch(s -> s.contains("${{ env.JMSBENCH_REF }}")), "no step fetches the pinned jmsbench: " + steps);
        assertTrue(steps.stream().anyMatch(s -> s.contains(".jmsbench/scripts/ci-smoke.sh --scenario \"$SCENARIO\"")),
                "no step runs the user's scenario: " + steps);
        assertTrue(steps.stream().noneMatch(s -> s.startsWith("./mvnw") || s.startsWith("scripts/") || s.contains(" ./jmsbench")),
                "a step that needs a jmsbench clone: " + steps);
    }
}
