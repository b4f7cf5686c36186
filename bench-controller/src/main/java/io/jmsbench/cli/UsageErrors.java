package io.jmsbench.cli;

import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.MissingParameterException;
import picocli.CommandLine.OverwrittenOptionException;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.TypeConversionException;
import picocli.CommandLine.UnmatchedArgumentException;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * picocli's parse errors as one line, like every other refusal: what was expected and what was
 * found, and for a mistake in the command line's shape a pointer to the command's help, instead
 * of picocli's message followed by the whole usage text. Exit code 2.
 */
final class UsageErrors implements CommandLine.IParameterExceptionHandler {

    /** How picocli words an option given without its value, and a required one not given at all. */
    private static final String VALUE_MISSING = "Missing required parameter for ";

    @Override
    public int handleParseException(ParameterException ex, String[] args) {
        CommandLine command = ex.getCommandLine();
        String name = command.getCommandSpec().qualifiedName();
        command.getErr().println(name + ": " + sentence(ex, command));
        command.getErr().flush();
        return ExitCodes.BAD_INPUT;
    }

    private static String sentence(ParameterException ex, CommandLine command) {
        String help = "; see ./" + command.getCommandSpec().qualifiedName() + " --help";
        if (ex instanceof UnmatchedArgumentException u) {
            return unmatched(u, command) + help;
        }
        if (ex instanceof MissingParameterException m) {
            return missing(m) + help;
        }
        if (ex instanceof OverwrittenOptionException o) {
            return name(o.getOverwritten()) + ": expected once, found it given twice" + help;
        }
        ArgSpec arg = ex.getArgSpec();
        if (arg != null && ex.getValue() != null) {
            if (ex.getCause() instanceof TypeConversionException t && t.getMessage().startsWith("expected ")) {
                return name(arg) + ": " + t.getMessage(); // a converter of ours: already the whole sentence
            }
            return name(arg) + ": expected " + expected(arg) + ", found '" + ex.getValue() + "'";
        }
        return firstLine(ex.getMessage()) + help;
    }

    private static String unmatched(UnmatchedArgumentException u, CommandLine command) {
        List<String> unmatched = u.getUnmatched();
        String first = unmatched.isEmpty() ? "" : unmatched.get(0);
        List<String> suggestions = u.getSuggestions();
        String nearest = suggestions.isEmpty() ? "" : " (did you mean " + suggestions.get(0) + "?)";
        if (u.isUnknownOption()) {
            return "unknown option '" + first + "'" + nearest;
        }
        if (!command.getSubcommands().isEmpty()) {
            return "unknown command '" + first + "', expected one of "
                    + String.join(", ", command.getSubcommands().entrySet().stream()
                    .filter(e -> !e.getValue().getCommandSpec().usageMessage().hidden())
                    .map(Map.Entry::getKey).toList());
        }
        return "expected no more arguments, found '" + first + "'";
    }

    private static String missing(MissingParameterException m) {
        List<ArgSpec> missing = m.getMissing();
        if (m.getMessage().startsWith(VALUE_MISSING) && missing.size() == 1) {
            return name(missing.get(0)) + ": expected " + missing.get(0).paramLabel() + " after it, found nothing";
        }
        return "expected " + missing.stream().map(UsageErrors::usage).collect(Collectors.joining(" and "))
                + ", found none";
    }

    /** {@code --role ROLE} for an option, {@code SCENARIO} for a positional parameter. */
    private static String usage(ArgSpec arg) {
        return arg instanceof OptionSpec o ? o.longestName() + " " + o.paramLabel() : arg.paramLabel();
    }

    private static String name(ArgSpec arg) {
        if (arg instanceof OptionSpec o) {
            return o.longestName();
        }
        return arg instanceof PositionalParamSpec p ? p.paramLabel() : "argument";
    }

    private static String expected(ArgSpec arg) {
        Class<?> type = arg.type();
        if (type == int.class || type == Integer.class || type == long.class || type == Long.class) {
            return "a whole number (" + arg.paramLabel() + ")";
        }
        if (type == double.class || type == Double.class) {
            return "a number (" + arg.paramLabel() + ")";
        }
        return arg.paramLabel();
    }

    /** picocli's own words, on one line, lower-cased at the start to read on after the command's name. */
    private static String firstLine(String message) {
        String line = message == null ? "invalid command line" : message.lines().findFirst().orElse("").strip();
        if (line.endsWith(".")) {
            line = line.substring(0, line.length() - 1);
        }
        return line.isEmpty() ? line : line.substring(0, 1).toLowerCase(Locale.ROOT) + line.substring(1);
    }
}
