package io.jmsbench.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import picocli.CommandLine;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every command's --help renders as written: picocli formats descriptions, and a bare '%' garbles them. */
@Timeout(30)
class HelpTest {

    @Test
    void everyCommandsHelpRendersWithoutAWarning() {
        PrintStream original = System.err;
        ByteArrayOutputStream warnings = new ByteArrayOutputStream();
        System.setErr(new PrintStream(warnings, true, StandardCharsets.UTF_8));
        int commands = 0;
        try {
            Deque<CommandLine> todo = new ArrayDeque<>();
            todo.add(Main.commandLine());
            while (!todo.isEmpty()) {
                CommandLine c = todo.pop();
                String usage = c.getUsageMessage();
                assertTrue(usage.contains("Usage:"), c.getCommandName());
                commands++;
                todo.addAll(c.getSubcommands().values());
            }
        } finally {
            System.setErr(original);
        }
        assertEquals("", warnings.toString(StandardCharsets.UTF_8));
        assertTrue(commands > 10, "walked " + commands + " commands");
    }
}
