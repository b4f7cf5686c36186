package io.jmsbench.cli;

import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

import java.util.Arrays;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * docs/reference/cli.md: every command and subcommand picocli knows, with its usage line, its
 * description, its parameters and its options with their defaults, read from the commands' own
 * {@link CommandSpec}, so the page lists what the parser accepts.
 */
final class CliReference {

    private CliReference() {
    }

    static String markdown(CommandLine root) {
        StringBuilder md = new StringBuilder();
        md.append("# Command-line reference\n\n");
        md.append(ReferenceDocs.GENERATED).append(" from the commands' own definitions (picocli). Every command ")
                .append("also takes `-h`/`--help` (print its help) and `-V`/`--version`; `jmsbench COMMAND --help` ")
                .append("says the same as its section here.\n\n");
        for (Map.Entry<String, CommandLine> e : root.getSubcommands().entrySet()) {
            if (!e.getValue().getCommandSpec().usageMessage().hidden()) {
                md.append("- [").append(qualified(e.getValue().getCommandSpec())).append("](#")
                        .append(qualified(e.getValue().getCommandSpec()).replace(' ', '-')).append(")\n");
            }
        }
        command(root, md);
        return md.toString();
    }

    private static void command(CommandLine cli, StringBuilder md) {
        CommandSpec spec = cli.getCommandSpec();
        md.append("\n## ").append(qualified(spec)).append("\n\n");
        String usage = new Help(spec, Help.defaultColorScheme(Help.Ansi.OFF)).synopsis(0).strip()
                .replaceAll("\\s*\\n\\s*", " ");
        md.append("```\n").append(usage).append("\n```\n\n");
        for (String line : spec.usageMessage().description()) {
            if (!text(line).isEmpty()) {
                md.append(text(line)).append("\n\n");
            }
        }
        if (!spec.positionalParameters().isEmpty()) {
            md.append("| Parameter | Description |\n|---|---|\n");
            for (PositionalParamSpec p : spec.positionalParameters()) {
                if (!p.hidden()) {
                    md.append("| `").append(p.paramLabel()).append("` | ").append(cell(describe(p))).append(" |\n");
                }
            }
            md.append("\n");
        }
        boolean any = false;
        for (OptionSpec o : spec.options()) {
            if (o.hidden() || o.usageHelp() || o.versionHelp()) {
                continue;
            }
            if (!any) {
                md.append("| Option | Description | Default |\n|---|---|---|\n");
                any = true;
            }
            String names = String.join(", ", o.names()) + (o.typeInfo().isBoolean() || o.arity().max() == 0 ? ""
                    : " " + o.paramLabel());
            String fallback = o.defaultValue() == null || o.typeInfo().isBoolean() ? ""
                    : "`" + o.defaultValue() + "`";
            md.append("| `").append(names).append("` | ").append(cell(describe(o))).append(" | ")
                    .append(cell(fallback)).append(" |\n");
        }
        if (any) {
            md.append("\n");
        }
        for (String line : spec.usageMessage().footer()) {
            if (line.startsWith(Main.EXAMPLE)) {
                md.append(Main.EXAMPLE).append("`").append(line.substring(Main.EXAMPLE.length())).append("`\n");
            }
        }
        for (CommandLine sub : cli.getSubcommands().values()) {
            if (!sub.getCommandSpec().usageMessage().hidden()) {
                command(sub, md);
            }
        }
    }

    /** {@code jmsbench run}, {@code jmsbench baseline save}. */
    private static String qualified(CommandSpec spec) {
        return spec.qualifiedName(" ");
    }

    /** A parameter's description as {@code --help} renders it, its default value and choices filled in. */
    private static String describe(CommandLine.Model.ArgSpec arg) {
        String[] lines = arg.description();
        String defaultValue = arg.defaultValue() == null ? "null" : arg.defaultValue();
        String choices = arg.completionCandidates() == null ? "" : String.join(", ",
                (Iterable<String>) arg.completionCandidates());
        return Arrays.stream(lines).map(l -> l.replace("${DEFAULT-VALUE}", defaultValue)
                .replace("${COMPLETION-CANDIDATES}", choices)).collect(Collectors.joining(" "));
    }

    private static String text(String line) {
        return line.replace("%n", " ").replace("%%", "%").strip();
    }

    private static String cell(String value) {
        return text(value).replace("|", "\\|").replace("\n", " ");
    }
}
