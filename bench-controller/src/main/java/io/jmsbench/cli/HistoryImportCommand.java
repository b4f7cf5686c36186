package io.jmsbench.cli;

import io.jmsbench.history.store.HistoryDatabase;
import io.jmsbench.history.store.HistoryLocation;
import io.jmsbench.history.store.HistoryProblem;
import io.jmsbench.history.store.RunRecords;
import io.jmsbench.report.Report;
import io.jmsbench.report.files.ReportWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

@Command(name = "import", mixinStandardHelpOptions = true,
        description = {"Record the runs of a results tree in the history: every report.json under DIR, each once "
                + "(a run already in the history is left as it is, so importing again adds only what is new).",
                "A file that is not a report this version reads is named and skipped; the others are imported. "
                + "The history is results/" + HistoryLocation.DEFAULT_FILE + ", where run records by default, unless "
                + "--history names another."},
        footer = {"", "Example: ./jmsbench history import results"})
final class HistoryImportCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "DIR", description = "A results directory, a run directory, or a report.json.")
    Path dir;

    @Mixin
    HistoryOptions history;

    @Mixin
    CommitOption commit;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try {
            if (!Files.exists(dir)) {
                throw new BadInput(dir + ": no such file or directory");
            }
            HistoryLocation location = history.location(HistoryCommand.DEFAULT);
            if (location == null) {
                throw new BadInput("--history off: import needs a history to write");
            }
            String commit = this.commit.commit(System.getenv());
            List<Path> reports = reports(dir);
            int added = 0;
            int kept = 0;
            int skipped = 0;
            try (HistoryDatabase db = HistoryDatabase.open(location, System.getenv())) {
                for (Path file : reports) {
                    Report report;
                    try {
                        report = ReportFile.read(file);
                    } catch (BadInput e) {
                        err.println("jmsbench history import: skipped " + e.getMessage());
                        skipped++;
                        continue;
                    }
                    if (db.record(RunRecords.of(report, commit, file.getParent() == null ? file.toString()
                            : file.getParent().toString()))) {
                        added++;
                    } else {
                        kept++;
                    }
                }
            }
            out.println("jmsbench history import: " + reports.size() + (reports.size() == 1 ? " report" : " reports")
                    + " under " + dir + ": " + added + " recorded, " + kept + " already in the history, " + skipped
                    + " skipped; history " + location.describe());
            out.flush();
            return ExitCodes.OK;
        } catch (BadInput | HistoryProblem e) {
            err.println("jmsbench history import: " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        }
    }

    /** Every report.json under {@code dir} (or {@code dir} itself, a file), in path order: oldest run ids first. */
    private static List<Path> reports(Path dir) throws BadInput {
        if (Files.isRegularFile(dir)) {
            return List.of(dir);
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(p -> p.getFileName().toString().equals(ReportWriter.JSON) && Files.isRegularFile(p))
                    .sorted().toList();
        } catch (IOException | java.io.UncheckedIOException e) {
            throw new BadInput(dir + ": cannot list its files: " + e.getMessage());
        }
    }
}
