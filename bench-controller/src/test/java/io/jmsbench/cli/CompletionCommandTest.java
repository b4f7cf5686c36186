package io.jmsbench.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code jmsbench completion}'s script, sourced in bash and asked what {@code jmsbench ru<TAB>} completes to. */
@Timeout(60)
class CompletionCommandTest {

    @TempDir
    Path dir;

    @Test
    void bashCompletesACommand() throws IOException, InterruptedException {
        StringWriter out = new StringWriter();
        int exit = Main.commandLine().setOut(new PrintWriter(out, true)).execute("completion");
        assertEquals(ExitCodes.OK, exit, "exit code");
        Path script = Files.writeString(dir.resolve("jmsbench_completion"), out.toString());

        assertEquals("run", complete(script, "jmsbench ru"));
        assertEquals("schema", complete(script, "jmsbench sc"));
        assertTrue(complete(script, "jmsbench validate --h").contains("--help"));
    }

    /** What bash offers for the last word of {@code line}, as the completion function sets COMPREPLY. */
    private static String complete(Path script, String line) throws IOException, InterruptedException {
        String bash = "source '" + script + "'\n"
                + "COMP_LINE='" + line + "'; COMP_POINT=${#COMP_LINE}\n"
                + "COMP_WORDS=(" + line + "); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))\n"
                + "_complete_jmsbench 2>/dev/null\n"
                + "echo \"${COMPREPLY[*]}\"\n";
        Process p = new ProcessBuilder("bash", "--norc", "--noprofile", "-c", bash).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "bash did not finish");
        assertEquals(0, p.exitValue(), output);
        return output;
    }
}
