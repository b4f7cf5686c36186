package io.jmsbench.cli;

import io.jmsbench.report.Report;
import io.jmsbench.report.files.ReportWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * README's sample of a run's end is what {@link Summary} prints for that run's report: the run's
 * report.json is kept (its per-second samples left out, which the summary does not read), and the
 * README's lines from "jmsbench: quickstart completed" to "charts:" must be the summary's. A change
 * to the summary's lines fails here until the README shows them (run the quickstart again, or
 * print this report's summary, and paste it).
 */
@Timeout(60)
class ReadmeSampleTest {

    @Test
    void readmeShowsWhatSummaryPrintsForItsRun() throws IOException, URISyntaxException {
        Report report = ReportWriter.read(Path.of(ReadmeSampleTest.class.getResource("/readme/quickstart-report.json").toURI()));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream console = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            Summary.print(report, Path.of("results"), console);
        }
        String printed = bytes.toString(StandardCharsets.UTF_8).strip();
        assertEquals(printed, readmeSample(), "README.md's sample output, against what Summary prints for its run");
    }

    /** The README's lines from the summary's first to its "charts:" line. */
    private static String readmeSample() throws IOException {
        List<String> lines = Files.readAllLines(Path.of("..", "README.md"));
        List<String> sample = new ArrayList<>();
        boolean in = false;
        for (String line : lines) {
            in = in || line.startsWith("jmsbench: quickstart completed");
            if (in) {
                sample.add(line);
                if (line.strip().startsWith("charts: ")) {
                    break;
                }
            }
        }
        assertFalse(sample.isEmpty(), "README.md shows no summary of a quickstart run");
        return String.join("\n", sample).strip();
    }
}
