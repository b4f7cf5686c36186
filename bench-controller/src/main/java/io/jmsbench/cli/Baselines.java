package io.jmsbench.cli;

import io.jmsbench.report.Report;
import io.jmsbench.report.files.ReportWriter;

import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * Where a baseline lives: {@code DIR/<scenario name>/report.json}, so one directory (a git branch,
 * a CI cache, an artifact store) holds the baselines of every scenario a project gates on.
 */
final class Baselines {

    /** The scenario names the loader accepts; anything else in a report is not made into a path. */
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,99}");

    private Baselines() {
    }

    static Path directory(Path root, String scenario) throws BadInput {
        if (scenario == null || !NAME.matcher(scenario).matches()) {
            throw new BadInput("the report names its scenario " + (scenario == null ? "nothing"
                    : "'" + scenario + "'") + ", not a name a baseline can be kept under");
        }
        return root.resolve(scenario);
    }

    static Path report(Path root, String scenario) throws BadInput {
        return directory(root, scenario).resolve(ReportWriter.JSON);
    }

    static String scenarioOf(Report report) {
        return report.scenario() == null ? null : report.scenario().name();
    }
}
