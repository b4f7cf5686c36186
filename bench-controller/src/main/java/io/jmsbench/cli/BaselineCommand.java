package io.jmsbench.cli;

import io.jmsbench.report.AtomicFiles;
import io.jmsbench.report.Figures;
import io.jmsbench.report.PointResult;
import io.jmsbench.report.Report;
import io.jmsbench.report.files.ReportWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

@Command(name = "baseline", mixinStandardHelpOptions = true,
        description = {"Keep the run a CI gate compares against, one per scenario, in a directory you name.",
                "The directory can be a git checkout, a CI cache or an artifact store's download: a baseline is "
                + "DIR/<scenario>/report.json (with report.md and report.html beside it for people)."},
        subcommands = {BaselineCommand.Save.class, BaselineCommand.Show.class},
        footer = {"", "Example: ./jmsbench baseline save results/ci-smoke/20261124T001129Z --dir baselines"})
final class BaselineCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    @Command(name = "save", mixinStandardHelpOptions = true,
            description = {"Make a run the baseline of its scenario in DIR, replacing the one kept before.",
                    "An aborted run is refused; a run with invalid points is kept and said so, or refused with "
                    + "--require-valid (exit code 5)."},
            footer = {"", "Example: ./jmsbench baseline save results/ci-smoke/20261124T001129Z --dir baselines"})
    static final class Save implements Callable<Integer> {

        @Spec
        CommandSpec spec;

        @Parameters(paramLabel = "RUN", description = "A run directory, or its report.json.")
        Path run;

        @Option(names = "--dir", required = true, paramLabel = "DIR", description = "Where baselines are kept.")
        Path dir;

        @Option(names = "--require-valid", description = "Refuse a run with a point that is not valid.")
        boolean requireValid;

        @Override
        public Integer call() {
            PrintWriter err = spec.commandLine().getErr();
            Path file = ReportFile.file(run);
            Report report;
            Path target;
            try {
                PathOptions.outputDirectory("--dir", dir);
                report = ReportFile.read(file);
                target = Baselines.directory(dir, Baselines.scenarioOf(report));
            } catch (BadInput e) {
                err.println("jmsbench baseline save: " + e.getMessage());
                return ExitCodes.BAD_INPUT;
            }
            if (!Report.COMPLETED.equals(report.status())) {
                err.println("jmsbench baseline save: " + file + ": an aborted run is not a baseline ("
                        + report.abortReason() + ")");
                return ExitCodes.BAD_INPUT;
            }
            long notValid = report.points().stream().filter(p -> !p.judgement().valid()).count();
            if (notValid > 0 && requireValid) {
                err.println("jmsbench baseline save: " + file + ": " + notValid + " of " + report.points().size()
                        + " points are not valid, and --require-valid was given");
                return ExitCodes.INVALID_RESULT;
            }
            try {
                Files.createDirectories(target);
                AtomicFiles.write(target.resolve(ReportWriter.JSON), Files.readString(file));
                for (String beside : List.of(ReportWriter.MARKDOWN, ReportWriter.HTML)) {
                    Path source = file.toAbsolutePath().getParent().resolve(beside);
                    Path copy = target.resolve(beside);
                    if (Files.isRegularFile(source)) {
                        Path tmp = target.resolve("." + beside + ".tmp");
                        Files.copy(source, tmp, StandardCopyOption.REPLACE_EXISTING);
                        Files.move(tmp, copy, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                    } else {
                        Files.deleteIfExists(copy); // never beside a report it does not describe
                    }
                }
            } catch (IOException e) {
                err.println("jmsbench baseline save: " + target + ": cannot write: " + e.getMessage());
                return ExitCodes.BAD_INPUT;
            }
            PrintWriter out = spec.commandLine().getOut();
            out.println("jmsbench baseline: " + Baselines.scenarioOf(report) + " run " + report.runId() + " is the "
                    + "baseline in " + target);
            if (notValid > 0) {
                out.println("  note: " + notValid + " of " + report.points().size() + " points are not valid; "
                        + "a comparison with this baseline says so for each");
            }
            out.flush();
            return ExitCodes.OK;
        }
    }

    @Command(name = "show", mixinStandardHelpOptions = true,
            description = "List the baselines kept in DIR: scenario, run, when, validity and each point's rates.",
            footer = {"", "Example: ./jmsbench baseline show --dir baselines"})
    static final class Show implements Callable<Integer> {

        @Spec
        CommandSpec spec;

        @Option(names = "--dir", required = true, paramLabel = "DIR", description = "Where baselines are kept.")
        Path dir;

        @Parameters(paramLabel = "SCENARIO", arity = "0..1", description = "Only this scenario's baseline.")
        String scenario;

        @Override
        public Integer call() {
            PrintWriter err = spec.commandLine().getErr();
            PrintWriter out = spec.commandLine().getOut();
            if (!Files.isDirectory(dir)) {
                err.println("jmsbench baseline show: " + dir + ": no such directory");
                return ExitCodes.BAD_INPUT;
            }
            List<Path> files;
            try (Stream<Path> children = Files.list(dir)) {
                files = scenario != null ? List.of(Baselines.report(dir, scenario))
                        : children.map(d -> d.resolve(ReportWriter.JSON)).filter(Files::isRegularFile).sorted().toList();
            } catch (IOException | BadInput e) {
                err.println("jmsbench baseline show: " + dir + ": " + e.getMessage());
                return ExitCodes.BAD_INPUT;
            }
            if (scenario != null && !Files.isRegularFile(files.get(0))) {
                err.println("jmsbench baseline show: " + dir + ": no baseline for scenario " + scenario);
                return ExitCodes.BAD_INPUT;
            }
            if (files.isEmpty()) {
                out.println("jmsbench baseline: no baselines in " + dir);
            }
            int status = ExitCodes.OK;
            for (Path f : files) {
                try {
                    Report r = ReportFile.read(f);
                    out.println(Baselines.scenarioOf(r) + ": run " + r.runId() + ", started " + r.startedAt() + ", "
                            + (r.valid() ? "valid" : "NOT valid") + ", " + r.points().size()
                            + (r.points().size() == 1 ? " point" : " points") + " (" + f + ")");
                    for (PointResult p : r.points()) {
                        out.println("  " + (p.key().parameters().isEmpty() ? "" : p.key().parameters() + " ") + "received "
                                + Figures.rate(p.rates().received().rate(), p.rates().received().ci95()) + " msgs/s, dispatched "
                                + Figures.rate(p.rates().dispatched().rate(), p.rates().dispatched().ci95()) + " msgs/s, "
                                + (p.judgement().verdict() != null ? p.judgement().verdict().json() : p.judgement().valid() ? "valid" : "invalid"));
                    }
                } catch (BadInput e) {
                    err.println("jmsbench baseline show: " + e.getMessage());
                    status = ExitCodes.BAD_INPUT;
                }
            }
            out.flush();
            return status;
        }
    }
}
