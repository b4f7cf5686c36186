package io.jmsbench.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The one-feature examples of scenarios/examples/features/ (docs/scenarios.md links each) pass
 * {@code jmsbench validate}: the loader's every field and every rule across fields. A file that
 * names a TLS store's password by an environment variable is the one exception: the run resolves
 * it, so here validate may refuse only that, at broker.tls.
 */
@Timeout(60)
class FeatureExamplesTest {

    private static final Path FEATURES = Path.of("..", "scenarios", "examples", "features");

    @Test
    void everyFeatureExampleValidates() throws IOException {
        List<Path> files;
        try (Stream<Path> list = Files.list(FEATURES)) {
            files = list.filter(f -> f.toString().endsWith(".yaml")).sorted().toList();
        }
        assertTrue(files.size() >= 15, "feature examples found: " + files);
        List<String> refused = new ArrayList<>();
        for (Path file : files) {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int exit = Main.commandLine().setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true))
                    .execute("validate", file.toString());
            boolean onlyTheStoresPassword = err.toString().lines()
                    .allMatch(l -> l.contains(": broker.tls.") && l.contains("a password the controller can read"));
            if (exit != ExitCodes.OK && !(err.toString().contains("broker.tls.") && onlyTheStoresPassword)) {
                refused.add(file.getFileName() + ": " + err);
            }
        }
        assertEquals(List.of(), refused);
    }
}
