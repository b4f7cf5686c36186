package io.jmsbench.cli;

import io.jmsbench.history.store.HistoryDatabase;
import io.jmsbench.history.store.HistoryLocation;
import io.jmsbench.history.store.HistoryProblem;
import io.jmsbench.history.trend.PointTrend;
import io.jmsbench.history.trend.TrendHtml;
import io.jmsbench.history.trend.TrendMarkdown;
import io.jmsbench.history.trend.TrendText;
import io.jmsbench.history.trend.Trends;
import io.jmsbench.report.AtomicFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

@Command(name = "history", mixinStandardHelpOptions = true,
        description = {"The history of runs: every run's points, kept in a SQLite file or a PostgreSQL server.",
                "jmsbench run records into OUT/history.db (--history names another); 'history import' adds the runs "
                + "of a results tree; 'history show' gives a scenario's figures run by run with their change points; "
                + "'compare --history' gates a run against the runs before it."},
        subcommands = {HistoryCommand.Show.class, HistoryImportCommand.class},
        footer = {"", "Example: ./jmsbench history show ci-smoke --history results/history.db"})
final class HistoryCommand implements Runnable {

    static final Path DEFAULT = Path.of("results", HistoryLocation.DEFAULT_FILE);

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    @Command(name = "show", mixinStandardHelpOptions = true,
            description = {"A scenario's points run by run: each metric with its 95%% interval, and the change points "
                    + "in its series (E-divisive means with a permutation test), each with the runs on its two sides "
                    + "and the commits between them.",
                    "Only runs that share a fingerprint (what compare requires, and the same --set overrides) are put "
                    + "in one series: the newest fingerprint's unless --fingerprint names another; the others are "
                    + "said, never mixed in."},
            footer = {"", "Example: ./jmsbench history show ci-smoke --format markdown --html trend.html"})
    static final class Show implements Callable<Integer> {

        @Spec
        CommandSpec spec;

        @Parameters(paramLabel = "SCENARIO", description = "The scenario's name (its name: field).")
        String scenario;

        @Option(names = "--point", paramLabel = "POINT",
                description = "One point only, named as compare names it, e.g. 'fig8[r=1, m_add=5]' (default: every point).")
        String point;

        @Option(names = "--fingerprint", paramLabel = "ID",
                description = "The runs of this fingerprint (or its first characters), as the output lists them "
                        + "(default: the newest run's).")
        String fingerprint;

        @Option(names = "--format", paramLabel = "text|markdown", defaultValue = "text",
                description = "What to print: text, or markdown for a pull request (default: ${DEFAULT-VALUE}).")
        String format;

        @Option(names = "--html", paramLabel = "FILE",
                description = "Also write a page with a trend chart per metric, change points marked.")
        Path html;

        @Mixin
        HistoryOptions history;

        @Override
        public Integer call() {
            try {
                if (!format.equals("text") && !format.equals("markdown")) {
                    throw new BadInput("--format: expected text or markdown, found '" + format + "'");
                }
                if (html != null) {
                    PathOptions.outputFile("--html", html, false);
                }
                HistoryLocation location = history.location(DEFAULT);
                if (location == null) {
                    throw new BadInput("--history off: history show needs a history to read");
                }
                if (!location.postgres() && !Files.exists(location.file())) {
                    throw new BadInput(location.file() + ": no history there yet (jmsbench run records one; jmsbench "
                            + "history import DIR makes one from a results tree)");
                }
                List<PointTrend> trends;
                try (HistoryDatabase db = HistoryDatabase.open(location, System.getenv())) {
                    trends = Trends.of(db.queries(), scenario, point, fingerprint);
                }
                String name = location.describe();
                if (html != null) {
                    try {
                        AtomicFiles.write(html, TrendHtml.render(name, trends));
                    } catch (IOException e) {
                        throw new BadInput("--html " + html + ": cannot write: " + e.getMessage());
                    }
                }
                spec.commandLine().getOut().print(format.equals("markdown") ? TrendMarkdown.of(name, trends)
                        : TrendText.of(name, trends));
                spec.commandLine().getOut().flush();
                return ExitCodes.OK;
            } catch (BadInput | HistoryProblem e) {
                spec.commandLine().getErr().println("jmsbench history show: " + e.getMessage());
                return ExitCodes.BAD_INPUT;
            }
        }
    }
}
