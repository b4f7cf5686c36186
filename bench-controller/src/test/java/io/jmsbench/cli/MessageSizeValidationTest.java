package io.jmsbench.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code message.size} as a distribution or a folder of files, refused through the real command
 * line as {@link ScenarioValidationTest} refuses any field: exit code 2, exactly the expected
 * {@code FILE:LINE:COL: field: message} lines, nothing written.
 */
@Timeout(60)
class MessageSizeValidationTest {

    private static final String FILE = "{file}";
    /** Stands for the scenario's folder, where a case's bodies are. */
    private static final String DIR = "{dir}";
    private static final String BYTES = "a whole number of bytes from 1 to 67108864";

    @TempDir
    Path dir;

    @FunctionalInterface
    interface Folder {
        void create(Path scenarioDir) throws IOException;
    }

    record Case(String name, String yaml, Folder folder, List<String> expected) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static Case yaml(String name, String text, String... expected) {
        return new Case(name, text, d -> { }, List.of(expected));
    }

    private static Case files(String name, String text, Folder folder, String... expected) {
        return new Case(name, text, folder, List.of(expected));
    }

    static Stream<Case> badSizes() {
        return Stream.of(
                yaml("a fixed size above the largest, as before",
                        "message:\n  size: 70000000\n",
                        FILE + ":2:9: message.size: expected a whole number from 0 to 67108864, found 70000000"),
                yaml("a negative size in a uniform range",
                        "message:\n  size: {uniform: [-5, 100]}\n",
                        FILE + ":2:20: message.size.uniform[0]: expected " + BYTES + ", found -5"),
                yaml("a uniform range above the largest size",
                        "message:\n  size: {uniform: [1, 70000000]}\n",
                        FILE + ":2:23: message.size.uniform[1]: expected " + BYTES + ", found 70000000"),
                yaml("a uniform range upside down",
                        "message:\n  size: {uniform: [500, 100]}\n",
                        FILE + ":2:25: message.size.uniform[1]: expected high of at least low (500), found 100"),
                yaml("a uniform range of one value",
                        "message:\n  size: {uniform: [500]}\n",
                        FILE + ":2:19: message.size.uniform: expected a list of two values, low and high, each "
                                + BYTES + ", found a list of 1"),
                yaml("a zero size among weighted ones",
                        "message:\n  size: {weighted: [{size: 0, weight: 1}, {size: 100, weight: 1}]}\n",
                        FILE + ":2:28: message.size.weighted[0].size: expected " + BYTES + ", found 0"),
                yaml("a weight of zero",
                        "message:\n  size: {weighted: [{size: 200, weight: 0}]}\n",
                        FILE + ":2:41: message.size.weighted[0].weight: expected a weight above 0 and at most "
                                + "1000000000 (how often, relative to the others), found 0"),
                yaml("a weighted size without its weight",
                        "message:\n  size: {weighted: [{size: 200}]}\n",
                        FILE + ":2:21: message.size.weighted[0]: expected weight (a weight above 0 and at most "
                                + "1000000000 (how often, relative to the others)) beside size, found none"),
                yaml("a log-normal whose p99 is below its median",
                        "message:\n  size: {lognormal: {median: 1000, p99: 500}}\n",
                        FILE + ":2:41: message.size.lognormal.p99: expected p99 of at least median (1000), found 500"),
                yaml("a log-normal without its median",
                        "message:\n  size: {lognormal: {p99: 500}}\n",
                        FILE + ":2:21: message.size.lognormal: expected median (the middle value: half are below it), "
                                + "found none"),
                yaml("a log-normal with an unknown key",
                        "message:\n  size: {lognormal: {median: 1000, p90: 5000}}\n",
                        FILE + ":2:21: message.size.lognormal: expected p99 (the 99th percentile: 1 in 100 is above "
                                + "it), found none",
                        FILE + ":2:36: message.size.lognormal.p90: unknown field, expected one of median, p99; "
                                + "did you mean 'p99'?"),
                yaml("two kinds at once",
                        "message:\n  size: {uniform: [1, 2], lognormal: {median: 10, p99: 20}}\n",
                        FILE + ":2:9: message.size: expected one of uniform, weighted, lognormal, files, found more "
                                + "than one"),
                yaml("a misspelt kind",
                        "message:\n  size: {unifrom: [1, 2]}\n",
                        FILE + ":2:9: message.size: expected one of uniform, weighted, lognormal, files, found none",
                        FILE + ":2:10: message.size.unifrom: unknown field, expected one of files, uniform, weighted, "
                                + "lognormal; did you mean 'uniform'?"),
                yaml("sizes whose mean needs more bytes than a client holds",
                        "message:\n  size: {uniform: [1, 67108864]}\n",
                        FILE + ":2:9: message.size: expected sizes whose mean is at most 262144 bytes (each client "
                                + "prepares at least 64 of them, in at most 16777216 bytes), found a mean of 33554433"),
                yaml("sizes that vary with message variants",
                        "message:\n  size: {uniform: [100, 200]}\n  vary: {on: P1, from: 1, to: 3}\n",
                        FILE + ":3:9: message.vary: expected no vary with a size that varies (each would need its own "
                                + "round robin, and a selector matching some variants would receive other sizes than "
                                + "were sent), found both"),
                files("a folder that is not there",
                        "message:\n  size: {files: bodies}\n", d -> { },
                        FILE + ":2:17: message.size.files: expected a folder of message bodies (relative to the "
                                + "scenario file's folder), found no folder at " + DIR + "/bodies"),
                files("an empty folder",
                        "message:\n  size: {files: bodies}\n", d -> Files.createDirectory(d.resolve("bodies")),
                        FILE + ":2:17: message.size.files: expected at least one file in " + DIR + "/bodies, found none"),
                files("more files than a client prepares",
                        "message:\n  size: {files: bodies}\n", d -> {
                            Path bodies = Files.createDirectory(d.resolve("bodies"));
                            for (int i = 0; i <= 1000; i++) {
                                Files.write(bodies.resolve(i + ".bin"), new byte[1]);
                            }
                        },
                        FILE + ":2:17: message.size.files: expected at most 1000 files (each is a prepared message per "
                                + "client), found more in " + DIR + "/bodies"),
                files("more bytes than a plan carries",
                        "message:\n  size: {files: bodies}\n", d -> {
                            Path bodies = Files.createDirectory(d.resolve("bodies"));
                            Files.write(bodies.resolve("big.bin"), new byte[3 << 20]);
                        },
                        FILE + ":2:17: message.size.files: expected at most 2097152 bytes of files in all (they travel "
                                + "to each agent in its plan), found 3145728 in " + DIR + "/bodies"),
                files("files as a map message's body",
                        "message:\n  type: map\n  size: {files: bodies}\n", d -> {
                            Path bodies = Files.createDirectory(d.resolve("bodies"));
                            Files.writeString(bodies.resolve("order.json"), "{\"id\": 1}");
                        },
                        FILE + ":3:17: message.size.files: expected type bytes or text with files (a map message's "
                                + "body is named entries, not a file's bytes), found type map"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badSizes")
    void runRefusesBadSizes(Case c) throws IOException {
        Path file = dir.resolve("scenario.yaml");
        Files.writeString(file, c.yaml());
        c.folder().create(dir);
        Path out = dir.resolve("results");

        Cli.Result result = Cli.execute("run", file.toString(), "--out", out.toString());

        String expected = String.join(System.lineSeparator(), c.expected()).replace(FILE, file.toString())
                .replace(DIR, dir.toAbsolutePath().normalize().toString()) + System.lineSeparator();
        assertEquals(expected, result.err(), "stderr");
        assertEquals(ExitCodes.BAD_INPUT, result.exit(), "exit code");
        assertFalse(result.err().contains("Exception"), "exception on stderr");
        assertFalse(Files.exists(out), "nothing may be written to " + out);
    }

    @Test
    void validateAcceptsEachKindOfSize() throws IOException {
        Path bodies = Files.createDirectory(dir.resolve("bodies"));
        Files.writeString(bodies.resolve("a.json"), "{\"order\": 1}");
        for (String size : List.of("{uniform: [100, 10000]}", "{weighted: [{size: 200, weight: 80}, {size: 64000, weight: 20}]}",
                "{lognormal: {median: 1000, p99: 50000}}", "{files: bodies}", "1")) {
            Path file = Files.writeString(dir.resolve("ok.yaml"), "message:\n  size: " + size + "\n");

            Cli.Result result = Cli.execute("validate", file.toString());

            assertEquals("", result.err(), size);
            assertEquals(ExitCodes.OK, result.exit(), size);
        }
    }

    @Test
    void everyCaseIsDistinct() {
        List<Case> cases = badSizes().toList();
        assertTrue(cases.size() >= 20, "a case for every refusal of message.size, found " + cases.size());
        assertEquals(cases.size(), cases.stream().map(Case::name).distinct().count(), "case names repeat");
        assertEquals(cases.size(), cases.stream().map(Case::expected).distinct().count(), "expected texts repeat");
    }

}
