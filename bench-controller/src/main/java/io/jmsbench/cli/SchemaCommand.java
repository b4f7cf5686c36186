package io.jmsbench.cli;

import io.jmsbench.scenario.ScenarioSchema;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

@Command(name = "schema", mixinStandardHelpOptions = true,
        description = {"Print the JSON Schema of scenario files, for editors that complete and check YAML.",
                "It is made from the scenario loader's own field readers; scenarios/scenario.schema.json is a copy."},
        footer = {"", "Example: ./jmsbench schema > scenario.schema.json"})
final class SchemaCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getOut().print(ScenarioSchema.json());
        spec.commandLine().getOut().flush();
        return ExitCodes.OK;
    }
}
