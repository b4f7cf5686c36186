package io.jmsbench.it;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The shaded jar's command line: versions, help, and bad input answered by the real executable. */
@Timeout(60)
@SharesTheMachine
class CliIT {

    @TempDir
    Path work;

    @Test
    void versionNamesJmsbenchJavaAndEveryBrokerAndClient() throws Exception {
        Jmsbench.Result r = Jmsbench.run(work, Duration.ofSeconds(30), "--version");
        assertEquals(0, r.exit());
        assertTrue(r.stdout().startsWith("jmsbench "), r.stdout());
        assertTrue(r.stdout().contains("\nJava "), r.stdout());
        assertTrue(r.stdout().contains("ActiveMQ Classic 6.3.1"), r.stdout());
        assertTrue(r.stdout().contains("Qpid JMS 2."), r.stdout());
        assertTrue(r.stdout().contains("Apache Artemis 2."), r.stdout());
        assertTrue(r.stdout().contains("RabbitMQ JMS 3."), r.stdout());
    }

    @Test
    void everyCommandHasHelp() throws Exception {
        for (String command : new String[] {"run", "validate", "report", "fit", "disk", "broker", "agent", "schema",
                "completion"}) {
            Jmsbench.Result r = Jmsbench.run(work, Duration.ofSeconds(30), command, "--help");
            assertEquals(0, r.exit(), command);
            assertTrue(r.stdout().startsWith("Usage: jmsbench " + command), r.stdout());
        }
    }

    /** picocli lists a command by the first line of its description: it must be a whole sentence. */
    @Test
    void everyCommandIsListedWithAWholeSentence() throws Exception {
        Jmsbench.Result r = Jmsbench.run(work, Duration.ofSeconds(30), "--help");
        assertEquals(0, r.exit());
        String commands = r.stdout().substring(r.stdout().indexOf("Commands:\n") + "Commands:\n".length());
        // one entry per command, its wrapped lines joined
        String[] entries = commands.strip().split("\n(?=  \\S)");
        long listed = io.jmsbench.cli.Main.commandLine().getSubcommands().values().stream()
                .filter(c -> !c.getCommandSpec().usageMessage().hidden()).count();
        assertEquals(listed, entries.length, commands);
        for (String entry : entries) {
            String sentence = entry.strip().replaceAll("\\s+", " ");
            assertTrue(sentence.endsWith("."), "a whole sentence: " + sentence);
            assertTrue(!sentence.contains("reference/"), "no path users do not have: " + sentence);
        }
    }

    @Test
    void noCommandListsTheCommandsWithAnExampleEach() throws Exception {
        Jmsbench.Result r = Jmsbench.run(work, Duration.ofSeconds(30));
        assertEquals(0, r.exit(), r.stderr());
        for (String command : new String[] {"run", "validate", "report", "fit", "disk", "broker", "agent", "schema",
                "help"}) {
            assertTrue(r.stdout().matches("(?s).*\n  " + command + " +[A-Z][^\n]*\\.\n +\\./jmsbench " + command
                    + "\\b.*"), command + " with its summary and an example:\n" + r.stdout());
        }
    }

    /** Import, run and show agree on the history no --history names: results/history.db, not one in DIR. */
    @Test
    void historyImportOfARunDirectoryWritesWhereShowReads() throws Exception {
        Path run = java.nio.file.Files.createDirectories(work.resolve("results/ci-smoke/run10"));
        java.nio.file.Files.writeString(run.resolve("report.json"),
                io.jmsbench.history.store.Runs.tree(10, 100_010).toString());
        Jmsbench.Result imported = Jmsbench.run(work, Duration.ofSeconds(30), "history", "import", "results/ci-smoke/run10");
        assertEquals(0, imported.exit(), imported.stdout() + imported.stderr());
        assertTrue(imported.stdout().strip().endsWith("1 recorded, 0 already in the history, 0 skipped; history "
                + "results/history.db"), imported.stdout());
        assertTrue(java.nio.file.Files.isRegularFile(work.resolve("results/history.db")));
        assertTrue(java.nio.file.Files.notExists(run.resolve("history.db")));
        Jmsbench.Result shown = Jmsbench.run(work, Duration.ofSeconds(30), "history", "show", "ci-smoke");
        assertEquals(0, shown.exit(), shown.stdout() + shown.stderr());
    }

    @Test
    void missingScenarioFileIsBadInput() throws Exception {
        Jmsbench.Result r = Jmsbench.run(work, Duration.ofSeconds(30), "run", "nope.yaml");
        assertEquals(2, r.exit());
        assertEquals("nope.yaml: (file): no such file", r.stderr().strip());
    }

    @Test
    void shippedScenariosAreValid() throws Exception {
        Jmsbench.Result r = Jmsbench.run(work, Duration.ofSeconds(30), "validate",
                Jmsbench.scenario("smoke.yaml").toString(), Jmsbench.scenario("quickstart.yaml").toString(),
                Jmsbench.scenario("selectors.yaml").toString(), Jmsbench.scenario("amqp.yaml").toString(),
                Jmsbench.scenario("artemis.yaml").toString());
        assertEquals(0, r.exit(), r.stderr());
        assertTrue(r.stdout().contains("expected replication grade 2.00"), "selectors.yaml: 2 of 8 match\n" + r.stdout());
    }
}
