package io.jmsbench.scenario.read;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.jmsbench.scenario.Problem;
import io.jmsbench.scenario.ScenarioException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Every text field of the shipped scenarios (and of one with cpus, TLS and a management API beside
 * them), given a value of a megabyte: a URL with a password and a megabyte of letters for its host,
 * and the field's own value repeated with one typo at the end. Each load ends in a scenario or in short one-line problems
 * with a position, none quoting the password; never in an exception of another kind, and soon.
 */
@Timeout(300)
// beside the other unit tests (surefire's configuration in the parent pom): its loads run on a pool of its own and
// share nothing with another class
@Execution(ExecutionMode.CONCURRENT)
class MegabyteValuesTest {

    private static final YAMLMapper YAML = new YAMLMapper();
    /** Under the loader's 1 MiB limit with the rest of the file beside it. */
    private static final int LENGTH = 1_000_000;
    private static final String SECRET = "hunter2";
    /** Beyond what any field's reading may take on a loaded machine; a quadratic pass takes minutes. */
    private static final long SLOWEST_MILLIS = 10_000;

    /** quickstart.yaml with the fields last round added: cpus, broker.tls and broker.management. */
    private static final String RICH = """
            name: rich
            broker:
              url: 'ssl://localhost:61617'
              kind: activemq
              tls: {trustStore: t.p12, trustStorePassword: 'env:T', keyStore: k.p12, keyStorePassword: 'file:k',
                    protocols: [TLSv1.3]}
              management: {url: 'http://localhost:8161', user: admin, password: 'env:M'}
            cpus: {broker: '0', clients: '1', pinExternal: true}
            destination: {type: queue, name: bench.rich}
            message: {type: text, size: {files: payloads}, properties: 2, values: '#1'}
            publishers:
              - {name: a, clients: 1, rate: [{rate: 1000, for: 10s}, {ramp: 2000, over: 5s}]}
            subscribers:
              - {clients: 1, selector: "P1 = 'x'"}
              - {clients: 1, filter: {on: P1, equals: '#0'}}
            phases: {warmup: 2s, measure: 5s, drain: 1s}
            sweep: {'publishers[0].clients': [1, 2]}
            expect:
              - {overall: flat, in: 'publishers[0].clients', within: 5%}
            """;

    @Test
    void everyTextFieldOfAMegabyteIsRefusedOrReadInShortLines() throws IOException, InterruptedException {
        Map<String, JsonNode> scenarios = new LinkedHashMap<>();
        try (Stream<Path> files = Files.walk(Path.of("..", "scenarios"))) {
            for (Path file : files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList()) {
                scenarios.put(file.toString(), YAML.readTree(file.toFile()));
            }
        }
        scenarios.put("rich.yaml", YAML.readTree(RICH));
        Map<String, String> seen = new LinkedHashMap<>();
        List<String> failures = Collections.synchronizedList(new ArrayList<>());
        List<Callable<Void>> checks = new ArrayList<>();
        for (Map.Entry<String, JsonNode> scenario : scenarios.entrySet()) {
            for (String pointer : textPointers(scenario.getValue(), "")) {
                if (seen.putIfAbsent(pointer.replaceAll("/\\d+", "/#"), scenario.getKey()) != null) {
                    continue;
                }
                String original = scenario.getValue().at(pointer).asText();
                for (String value : List.of("http://admin:" + SECRET + "@" + "h".repeat(LENGTH) + " x",
                        repeated(original + ",") + "!")) {
                    checks.add(() -> {
                        JsonNode copy = scenario.getValue().deepCopy();
                        replace(copy, pointer, value);
                        check(scenario.getKey() + " " + pointer, YAML.writeValueAsString(copy), failures);
                        return null;
                    });
                }
            }
        }
        checks.add(() -> {
            JsonNode longKey = YAML.readTree(RICH);
            ((ObjectNode) longKey.get("broker")).put("k".repeat(LENGTH), 1);
            check("a key of a megabyte", YAML.writeValueAsString(longKey), failures);
            return null;
        });
        runOnEveryCore(checks);
        assertTrue(seen.size() > 60, "text fields tried: " + seen.keySet());
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }

    /**
     * The loads one beside the other, one per core: each is one thread's work (SnakeYAML reading a
     * megabyte's scalar is most of it), and they share nothing but the list of failures.
     */
    private static void runOnEveryCore(List<Callable<Void>> checks) throws InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Runtime.getRuntime().availableProcessors()));
        try {
            for (Future<Void> done : pool.invokeAll(checks)) {
                try {
                    done.get();
                } catch (ExecutionException e) {
                    fail(e.getCause());
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private static void check(String what, String text, List<String> failures) {
        long start = System.nanoTime();
        try {
            ScenarioLoader.parsePlan(text, "big.yaml", "big", List.of());
        } catch (ScenarioException e) {
            for (Problem p : e.problems()) {
                String line = p.format();
                if (line.length() > 1200 || line.contains("\n") || line.contains(SECRET) || p.line() <= 0) {
                    failures.add(what + ": " + line.substring(0, Math.min(300, line.length())) + " ("
                            + line.length() + " characters)");
                }
            }
        } catch (Throwable t) {
            failures.add(what + ": " + t);
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        if (millis > SLOWEST_MILLIS) {
            failures.add(what + ": took " + millis + " ms");
        }
    }

    private static String repeated(String unit) {
        StringBuilder out = new StringBuilder(LENGTH);
        while (out.length() + unit.length() < LENGTH) {
            out.append(unit);
        }
        return out.toString();
    }

    private static List<String> textPointers(JsonNode node, String pointer) {
        List<String> pointers = new ArrayList<>();
        if (node.isTextual()) {
            pointers.add(pointer);
        } else if (node.isObject()) {
            Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> f = fields.next();
                pointers.addAll(textPointers(f.getValue(), pointer + "/" + f.getKey().replace("~", "~0")
                        .replace("/", "~1")));
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                pointers.addAll(textPointers(node.get(i), pointer + "/" + i));
            }
        }
        return pointers;
    }

    private static void replace(JsonNode root, String pointer, String value) {
        int slash = pointer.lastIndexOf('/');
        JsonNode parent = root.at(pointer.substring(0, slash));
        String last = pointer.substring(slash + 1).replace("~1", "/").replace("~0", "~");
        if (parent.isArray()) {
            ((com.fasterxml.jackson.databind.node.ArrayNode) parent).set(Integer.parseInt(last), TextNode.valueOf(value));
        } else {
            ((ObjectNode) parent).set(last, TextNode.valueOf(value));
        }
    }
}
