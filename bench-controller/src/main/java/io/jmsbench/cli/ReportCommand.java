package io.jmsbench.cli;

import io.jmsbench.report.Report;
import io.jmsbench.report.files.ReportWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;

@Command(name = "report", mixinStandardHelpOptions = true,
        description = {"Write report.md, report.html and summary.csv of a run again from its report.json.",
                "Old runs get the charts and tables of this version; report.json itself is never changed.",
                "A report.json of another schema, or one that is not valid JSON, is refused (exit code 2)."},
        footer = {"", "Example: ./jmsbench report results/quickstart/20261123T181726Z"})
final class ReportCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "DIR", description = "A run directory (results/<scenario>/<run-id>), or its report.json.")
    Path given;

    @Override
    public Integer call() {
        Path file = ReportFile.file(given);
        Report report;
        try {
            report = ReportFile.read(file);
        } catch (BadInput e) {
            spec.commandLine().getErr().println("jmsbench report: " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        }
        Path directory = file.toAbsolutePath().getParent();
        try {
            ReportWriter.writeDerived(report, directory);
        } catch (IOException e) {
            spec.commandLine().getErr().println("jmsbench report: " + directory + ": cannot write: " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        }
        spec.commandLine().getOut().println("jmsbench report: wrote " + ReportWriter.MARKDOWN + ", " + ReportWriter.HTML
                + " and " + ReportWriter.CSV + " in " + directory);
        return ExitCodes.OK;
    }
}
