package io.jmsbench.report;

import com.fasterxml.jackson.databind.SerializationFeature;
import io.jmsbench.protocol.Json;

import java.io.IOException;
import java.nio.file.Path;

/** Writes {@code report.json} (the source of every other output) and {@code report.md}, each atomically. */
public final class ReportWriter {

    public static final String JSON = "report.json";
    public static final String MARKDOWN = "report.md";
    public static final String CSV = "summary.csv";

    private ReportWriter() {
    }

    public static void write(Report report, Path runDirectory) throws IOException {
        AtomicFiles.write(runDirectory.resolve(MARKDOWN), MarkdownReport.render(report));
        AtomicFiles.write(runDirectory.resolve(CSV), SweepTable.csv(report));
        // report.json last: its presence says the run's outputs are complete
        AtomicFiles.write(runDirectory.resolve(JSON),
                Json.MAPPER.writer().with(SerializationFeature.INDENT_OUTPUT).writeValueAsString(report) + "\n");
    }

    public static Report read(Path reportJson) throws IOException {
        return Json.MAPPER.readValue(reportJson.toFile(), Report.class);
    }
}
