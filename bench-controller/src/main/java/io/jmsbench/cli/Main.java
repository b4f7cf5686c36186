package io.jmsbench.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code jmsbench}: the one executable that carries every role. */
@Command(name = "jmsbench", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Throughput benchmarks for JMS brokers: run a scenario, or serve as its broker or agent.",
        subcommands = {RunCommand.class, ValidateCommand.class, FitCommand.class, DiskCommand.class, BrokerCommand.class,
                AgentCommand.class, CommandLine.HelpCommand.class})
public final class Main implements Runnable {

    @Spec
    CommandSpec spec;

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** The configured command line, also what tests execute in-process. */
    public static CommandLine commandLine() {
        CommandLine cli = new CommandLine(new Main());
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            commandLine.getErr().println("jmsbench: internal error: " + e + " (please report it with the logs)");
            return ExitCodes.INTERNAL;
        });
        return cli;
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
