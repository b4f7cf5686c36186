package io.jmsbench.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jmsbench.protocol.Json;
import io.jmsbench.report.Report;
import io.jmsbench.report.files.ReportWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The summary of a point with requesters gives its round trip beside the one-way latency, as report.md does. */
@Timeout(30)
class SummaryRoundTripTest {

    @TempDir
    Path work;

    private List<String> summary(String roundTrip) throws Exception {
        ObjectNode report = (ObjectNode) Json.MAPPER.readTree(
                SummaryRoundTripTest.class.getResource("/readme/quickstart-report.json"));
        ((ObjectNode) report.path("points").get(0)).set("roundTrip", Json.MAPPER.readTree(roundTrip));
        Path file = Files.writeString(work.resolve("report.json"), Json.MAPPER.writeValueAsString(report));
        Report read = ReportWriter.read(file);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream console = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            Summary.print(read, Path.of("results"), console);
        }
        return bytes.toString(StandardCharsets.UTF_8).lines().toList();
    }

    @Test
    void theRoundTripFollowsTheLatencyLine() throws Exception {
        List<String> lines = summary("""
                {"requests": 20000, "replies": 19996, "unanswered": 4, "latency": {"count": 9000, "p50": 812.4,
                 "p90": 1500, "p99": 2400.6, "p999": 5100, "p9999": 6000, "max": 7300, "mean": 900,
                 "basis": "from the intended send (fixed rate)"}}""");
        int latency = lines.indexOf(lines.stream().filter(l -> l.startsWith("  latency µs: ")).findFirst().orElseThrow());
        assertEquals("  round trip µs: p50 812, p99 2401, p99.9 5100, max 7300 (from the intended send (fixed rate)); "
                + "20,000 requests, 19,996 replies, 4 unanswered", lines.get(latency + 1), String.join("\n", lines));
    }

    @Test
    void noRoundTripMeasuredIsSaidWithTheCounts() throws Exception {
        List<String> lines = summary("""
                {"requests": 10, "replies": 0, "unanswered": 10, "latency": {"count": 0, "p50": "NaN", "p90": "NaN",
                 "p99": "NaN", "p999": "NaN", "p9999": "NaN", "max": "NaN", "mean": "NaN", "basis": "b"}}""");
        assertTrue(lines.contains("  round trip: none measured from the window's start; 10 requests, 0 replies, "
                + "10 unanswered"), String.join("\n", lines));
    }

    @Test
    void withoutRequestersThereIsNoRoundTripLine() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream console = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            Summary.print(ReportWriter.read(Path.of(SummaryRoundTripTest.class.getResource(
                    "/readme/quickstart-report.json").toURI())), Path.of("results"), console);
        }
        assertTrue(bytes.toString(StandardCharsets.UTF_8).lines().noneMatch(l -> l.contains("round trip")));
    }
}
