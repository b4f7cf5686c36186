package io.jmsbench.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** {@code jmsbench agent} reads its role as the wire word; anything else is a usage error of one sentence. */
@Timeout(30)
class AgentCommandTest {

    @Test
    void anUnknownRoleIsRefusedWithOneSentence() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = Main.commandLine().setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true));

        int exit = cli.execute("agent", "--role", "broker");

        assertEquals(ExitCodes.BAD_INPUT, exit);
        assertEquals("jmsbench agent: --role: expected one of publisher, subscriber, monitor, "
                + "found 'broker'", err.toString().lines().findFirst().orElseThrow());
        assertEquals("", out.toString(), "no agent started");
    }

    @Test
    void theEnumConstantIsNotTheWireWord() {
        StringWriter err = new StringWriter();
        CommandLine cli = Main.commandLine().setErr(new PrintWriter(err, true));

        assertEquals(ExitCodes.BAD_INPUT, cli.execute("agent", "--role", "PUBLISHER"));
        assertEquals("jmsbench agent: --role: expected one of publisher, subscriber, monitor, "
                + "found 'PUBLISHER'", err.toString().lines().findFirst().orElseThrow());
    }
}
