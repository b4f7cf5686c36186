package io.jmsbench.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import picocli.CommandLine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every command line the README and docs/ show in a fenced block ({@code jmsbench ...} or
 * {@code ./jmsbench ...}, a line ending in {@code \} joined to the next) goes through the CLI's
 * parser, which must accept it: the command and its options exist and their values convert. Only
 * parsed, never run. All the failures are reported at once, each with its file and line.
 */
@Timeout(60)
class DocCommandLinesTest {

    private static final Path REPO = Path.of("..");

    /** One command line shown in the docs: where, and its words as the shell would pass them. */
    record Shown(String where, String line, List<String> args) {
    }

    @Test
    void everyCommandLineTheDocsShowParses() throws IOException {
        List<Shown> shown = shownLines();
        assertTrue(shown.size() >= 20, "command lines found: " + shown.size());
        List<String> wrong = new ArrayList<>();
        for (Shown s : shown) {
            try {
                Main.commandLine().parseArgs(s.args().toArray(String[]::new));
            } catch (CommandLine.ParameterException e) {
                wrong.add(s.where() + ": " + s.line() + "\n    " + e.getMessage());
            }
        }
        assertEquals("", String.join("\n", wrong), wrong.size() + " of " + shown.size()
                + " command lines in the docs do not parse");
    }

    @Test
    void theParserRefusesWhatTheDocsMustNotShow() {
        List<String> args = words("./jmsbench run scenarios/smoke.yaml --no-such-option 3   # a comment");
        assertEquals(List.of("run", "scenarios/smoke.yaml", "--no-such-option", "3"), args);
        try {
            Main.commandLine().parseArgs(args.toArray(String[]::new));
            throw new AssertionError("an unknown option parsed");
        } catch (CommandLine.ParameterException expected) {
            assertTrue(expected.getMessage().contains("--no-such-option"), expected.getMessage());
        }
        assertEquals(List.of("schema"), words("./jmsbench schema > scenarios/scenario.schema.json"));
        assertEquals(List.of("run", "a b.yaml", "--set", "x=y"), words("jmsbench run 'a b.yaml' --set \"x=y\" | tee"));
    }

    static List<Shown> shownLines() throws IOException {
        List<Path> files = new ArrayList<>();
        files.add(REPO.resolve("README.md"));
        try (Stream<Path> docs = Files.list(REPO.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(files::add);
        }
        List<Shown> shown = new ArrayList<>();
        for (Path file : files) {
            List<String> lines = Files.readAllLines(file);
            boolean fenced = false;
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i).strip();
                if (line.startsWith("```")) {
                    fenced = !fenced;
                    continue;
                }
                if (line.startsWith("$ ")) {
                    line = line.substring(2);
                }
                if (!fenced || !(line.startsWith("jmsbench ") || line.startsWith("./jmsbench "))) {
                    continue;
                }
                int first = i;
                while (line.endsWith("\\") && i + 1 < lines.size()) {
                    line = line.substring(0, line.length() - 1) + " " + lines.get(++i).strip();
                }
                List<String> args = words(line);
                // output such as "jmsbench 0.1.0: ...", and elided lines ("jmsbench run ..."), are not commands
                if (args.isEmpty() || !args.get(0).matches("[a-z][a-z-]*|-.*") || args.contains("...")) {
                    continue;
                }
                shown.add(new Shown(REPO.relativize(file).toString() + ":" + (first + 1), line, args));
            }
        }
        return shown;
    }

    /**
     * The words after {@code jmsbench}, as a shell splits them: quotes kept together, a comment, a
     * redirection, a pipe and what follows dropped.
     */
    static List<String> words(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder word = null;
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                word = word == null ? new StringBuilder() : word;
            } else if (Character.isWhitespace(c)) {
                if (word != null) {
                    words.add(word.toString());
                    word = null;
                }
            } else if (word == null && (c == '#' || c == '>' || c == '<' || c == '|' || c == ';' || c == '&')) {
                break;
            } else {
                word = word == null ? new StringBuilder() : word;
                word.append(c);
            }
        }
        if (word != null) {
            words.add(word.toString());
        }
        return words.isEmpty() ? words : words.subList(1, words.size()); // without jmsbench itself
    }
}
