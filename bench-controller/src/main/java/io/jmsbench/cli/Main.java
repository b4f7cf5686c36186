package io.jmsbench.cli;

import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.Arrays;
import java.util.Map;

/** {@code jmsbench}: the one executable that carries every role. */
@Command(name = "jmsbench", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Throughput benchmarks for JMS brokers: run a scenario, or serve as its broker or agent.",
        subcommands = {RunCommand.class, ValidateCommand.class, ReportCommand.class, CompareCommand.class,
                BaselineCommand.class, HistoryCommand.class, FitCommand.class, DiskCommand.class, BrokerCommand.class, AgentCommand.class,
                TokenCommand.class, SchemaCommand.class, DocsCommand.class})
public final class Main implements Runnable {

    /** What each command's footer starts its example with; {@link #run} lists them. */
    static final String EXAMPLE = "Example: ";
    private static final String COMPLETION = "completion";

    @Spec
    CommandSpec spec;

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** The configured command line, also what tests execute in-process. */
    public static CommandLine commandLine() {
        CommandLine cli = new CommandLine(new Main());
        cli.addSubcommand(COMPLETION, completion());
        cli.addSubcommand(new CommandLine.HelpCommand()); // last, as picocli lists it
        cli.setParameterExceptionHandler(new UsageErrors());
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            commandLine.getErr().println("jmsbench: internal error: " + e + " (please report it with the logs)");
            return ExitCodes.INTERNAL;
        });
        return cli;
    }

    /**
     * picocli's own generator of the bash/zsh script, under a shorter name than its
     * {@code generate-completion}, with our version, and listed, as it is hidden by default.
     */
    private static CommandLine completion() {
        CommandLine completion = new CommandLine(new AutoComplete.GenerateCompletion());
        CommandSpec spec = completion.getCommandSpec().name(COMPLETION).versionProvider(new VersionProvider());
        spec.helpCommand(false); // as a help command, picocli would let it ignore an unknown option
        spec.usageMessage().hidden(false).footer("", EXAMPLE + "source <(./jmsbench " + COMPLETION + ")");
        return completion;
    }

    /** No command: what each command does, with an example to copy. */
    @Override
    public void run() {
        PrintWriter out = spec.commandLine().getOut();
        out.println("Usage: jmsbench COMMAND [OPTIONS]");
        out.println(spec.usageMessage().description()[0]);
        out.println();
        out.println("Commands, each with an example:");
        int width = spec.subcommands().keySet().stream().mapToInt(String::length).max().orElse(0);
        for (Map.Entry<String, CommandLine> e : spec.subcommands().entrySet()) {
            CommandSpec sub = e.getValue().getCommandSpec();
            if (sub.usageMessage().hidden()) {
                continue;
            }
            out.printf("  %-" + width + "s  %s%n", e.getKey(), summary(sub));
            out.printf("  %-" + width + "s    %s%n", "", example(e.getKey(), sub));
        }
        out.println();
        out.println("Every command explains its options: ./jmsbench COMMAND --help, e.g. ./jmsbench run --help.");
        out.flush();
    }

    /**
     * The sentence {@code --help} lists the command with, by picocli's rule: its header, else the first
     * line of its description. Ours have no header; picocli's help command has one.
     */
    private static String summary(CommandSpec sub) {
        String[] header = sub.usageMessage().header();
        return header.length > 0 ? header[0] : sub.usageMessage().description()[0];
    }

    private static String example(String name, CommandSpec sub) {
        return Arrays.stream(sub.usageMessage().footer()).filter(line -> line.startsWith(EXAMPLE))
                .map(line -> line.substring(EXAMPLE.length())).findFirst()
                .orElse("./jmsbench " + name + ("help".equals(name) ? " run" : " --help"));
    }
}
