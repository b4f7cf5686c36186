package io.jmsbench.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@code jmsbench report} refusing what it cannot read, through the real command line, in-process:
 * one sentence on stderr, exit code 2, nothing written. Regenerating a real run's report is tested
 * end to end in ReportHtmlIT.
 */
@Timeout(60)
class ReportCommandTest {

    private static final String NL = System.lineSeparator();

    @TempDir
    Path dir;

    /** Exit 2, exactly {@code expected} on stderr after "jmsbench report: ", nothing else written anywhere. */
    private void assertRefused(String expected, String given) throws IOException {
        List<Path> before = files();
        Cli.Result r = Cli.execute("report", given);
        assertEquals(ExitCodes.BAD_INPUT, r.exit(), r.out() + r.err());
        assertEquals("jmsbench report: " + expected + NL, r.err());
        assertEquals("", r.out());
        assertEquals(before, files());
    }

    private List<Path> files() throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.sorted().toList();
        }
    }

    private Path report(String json) throws IOException {
        Path run = Files.createDirectories(dir.resolve("run"));
        Files.writeString(run.resolve("report.json"), json);
        return run;
    }

    @Test
    void aReportOfAnotherSchemaIsRefused() throws IOException {
        Path run = report("{\"schema\": \"jmsbench.report/2\", \"points\": []}");
        assertRefused(run.resolve("report.json") + ": not a jmsbench report: schema is \"jmsbench.report/2\", "
                + "expected \"jmsbench.report/1\"", run.toString());
    }

    @Test
    void aReportWithoutSchemaIsRefused() throws IOException {
        Path run = report("{\"points\": []}");
        assertRefused(run.resolve("report.json") + ": not a jmsbench report: schema is missing, "
                + "expected \"jmsbench.report/1\"", run.toString());
    }

    @Test
    void jsonThatDoesNotParseIsRefusedWithItsPlace() throws IOException {
        Path run = report("{\"schema\": \"jmsbench.report/1\",\n  \"points\": [}\n");
        assertRefused(run.resolve("report.json") + ": not a jmsbench report: not valid JSON at line 2, column 14: "
                + "Unexpected close marker '}': expected ']'",
                run.resolve("report.json").toString());
    }

    @Test
    void aFieldOfTheWrongShapeIsRefusedWithItsPath() throws IOException {
        Path run = report("{\"schema\": \"jmsbench.report/1\", \"points\": [{\"received\": \"lots\"}]}");
        Cli.Result r = Cli.execute("report", run.toString());
        assertEquals(ExitCodes.BAD_INPUT, r.exit(), r.err());
        String err = r.err().strip();
        assertEquals(1, err.lines().count(), err);
        String prefix = "jmsbench report: " + run.resolve("report.json")
                + ": a jmsbench report this version cannot read: ";
        assertEquals(prefix, err.substring(0, Math.min(err.length(), prefix.length())), err);
        assertEquals(true, err.endsWith("(at points[0].received)"), err);
    }

    @Test
    void aMissingRunIsRefused() throws IOException {
        Path missing = dir.resolve("no-such-run");
        assertRefused(missing + ": no such file", missing.toString());
    }
}
