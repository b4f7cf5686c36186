package io.jmsbench.cli;

import io.jmsbench.report.schema.ReportSchema;
import io.jmsbench.scenario.read.ScenarioSchema;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

@Command(name = "schema", mixinStandardHelpOptions = true,
        description = {"Print the JSON Schema of scenario files, for editors that complete and check YAML; with "
                + "--report, that of report.json.",
                "The scenario schema is made from the scenario loader's own field readers "
                        + "(scenarios/scenario.schema.json is a copy), the report's from the report's records "
                        + "(docs/reference/report.schema.json is a copy)."},
        footer = {"", "Example: ./jmsbench schema > scenario.schema.json"})
final class SchemaCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--report", description = "Print the schema of report.json instead, every key described.")
    boolean report;

    @Override
    public Integer call() {
        spec.commandLine().getOut().print(report ? ReportSchema.json() : ScenarioSchema.json());
        spec.commandLine().getOut().flush();
        return ExitCodes.OK;
    }
}
