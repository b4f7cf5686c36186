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

    /** The port a monitor looks for the broker on when it has no --broker-port: its URL's, as the clients dial it. */
    @Test
    void theMonitorTakesTheBrokerPortFromTheUrl() {
        assertEquals(61617, AgentCommand.urlPort("failover:(ssl://b1:61617,tcp://b2:61616)?randomize=false"),
                "a failover list: its first broker's");
        assertEquals(61616, AgentCommand.urlPort("tcp://broker"), "OpenWire's usual port");
        assertEquals(61616, AgentCommand.urlPort("ssl://broker"));
        assertEquals(5672, AgentCommand.urlPort("amqp://broker"), "AMQP's usual port");
        assertEquals(5671, AgentCommand.urlPort("amqps://broker"));
        assertEquals(5673, AgentCommand.urlPort("amqp://[::1]:5673?amqp.idleTimeout=0"));
        assertEquals(-1, AgentCommand.urlPort("vm://localhost"), "no host, no port: the monitor says so");
    }
}
