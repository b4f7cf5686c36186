package io.jmsbench.report.files;

import com.fasterxml.jackson.databind.SerializationFeature;
import io.jmsbench.protocol.Json;
import io.jmsbench.report.AtomicFiles;
import io.jmsbench.report.MarkdownReport;
import io.jmsbench.report.Report;
import io.jmsbench.report.SweepTable;
import io.jmsbench.report.html.HtmlReport;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Writes {@code report.md}, {@code report.html} and {@code summary.csv} from the {@link Report}, then
 * {@code report.json} (the source of every other output), each atomically.
 */
public final class ReportWriter {

    public static final String JSON = "report.json";
    public static final String MARKDOWN = "report.md";
    public static final String CSV = "summary.csv";
    public static final String HTML = "report.html";

    private ReportWriter() {
    }

    public static void write(Report report, Path runDirectory) throws IOException {
        writeDerived(report, runDirectory);
        // report.json last: its presence says the run's outputs are complete
        AtomicFiles.write(runDirectory.resolve(JSON),
                Json.MAPPER.writer().with(SerializationFeature.INDENT_OUTPUT).writeValueAsString(report) + "\n");
    }

    /** The outputs rendered from report.json, which {@code jmsbench report} writes anew for an old run. */
    public static void writeDerived(Report report, Path runDirectory) throws IOException {
        AtomicFiles.write(runDirectory.resolve(MARKDOWN), MarkdownReport.render(report));
        AtomicFiles.write(runDirectory.resolve(HTML), HtmlReport.render(report));
        AtomicFiles.write(runDirectory.resolve(CSV), SweepTable.csv(report));
    }

    public static Report read(Path reportJson) throws IOException {
        return Json.MAPPER.readValue(reportJson.toFile(), Report.class);
    }
}
