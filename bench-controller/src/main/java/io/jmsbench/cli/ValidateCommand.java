package io.jmsbench.cli;

import io.jmsbench.broker.TlsStoreCheck;
import io.jmsbench.scenario.Problem;
import io.jmsbench.scenario.Scenario;
import io.jmsbench.scenario.ScenarioException;
import io.jmsbench.scenario.ScenarioPlan;
import io.jmsbench.scenario.read.ScenarioLoader;
import io.jmsbench.workload.ExpectedReplication;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

@Command(name = "validate", mixinStandardHelpOptions = true,
        description = {"Check scenario files without running them.",
                "Prints one line per mistake, with file, line and column, and exits with code 2 if there is any.",
                "Opens what run opens before it starts: the TLS stores of broker.tls, with their passwords."},
        footer = {"", "Example: ./jmsbench validate scenarios/*.yaml"})
final class ValidateCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "SCENARIO", arity = "1..*", description = "Scenario YAML files.")
    List<Path> files;

    @Override
    public Integer call() {
        int exit = ExitCodes.OK;
        for (Path file : files) {
            try {
                TlsStoreCheck stores = new TlsStoreCheck(System.getenv());
                ScenarioPlan plan = ScenarioLoader.plan(file, List.of(),
                        List.of(ExpectedReplication::refuseNone, stores));
                Scenario s = plan.base();
                spec.commandLine().getOut().printf(Locale.ROOT, "%s: ok: %s, %s, %d publishers, %d subscribers, "
                                + "%d filters, expected replication grade %.2f%s%s%n", file, s.name(),
                        s.provider().yamlName(), s.publishers().clients(), s.subscriberClients(), s.filters(),
                        ExpectedReplication.of(s), plan.runs() == 1 ? ""
                                : "; " + plan.points().size() + " points x " + plan.repeat() + " repeats",
                        stores.opened().isEmpty() ? "" : "; opened " + String.join(", ", stores.opened()));
            } catch (ScenarioException e) {
                e.problems().stream().map(Problem::format).forEach(spec.commandLine().getErr()::println);
                exit = ExitCodes.BAD_INPUT;
            }
        }
        return exit;
    }
}
