package io.jmsbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import static io.jmsbench.it.FaultChecks.assertFaults;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The shipped fault scenarios, as a user runs them: the embedded broker paused, killed or stopped
 * every 10 s, four times, on a persistent queue with client acknowledgement (ActiveMQ's AMQ2149
 * pattern), with windows that end a few seconds after the last fault's recovery (and pauses, which
 * need no restart, closer together). Nothing may be lost; every fault must show in the samples (far
 * less taken and dispatched while it lasts) and in the report with the broker's recovery from it; a
 * broker killed and started again leaves no JVM behind.
 *
 * <p>The class runs alone, and its seven runs go two at a time ({@link Lanes}), each with its own
 * broker, ports and directory: a run is mostly a fixed window at 1,000 msgs/s (200 on Artemis), and
 * its JVMs wait. Alone they took 209 s one after the other. What is asserted holds beside another
 * such run: at a fixed rate no verdict comes from the CPU rules' foreign load (judged for a capacity
 * claim only), and the fault's timing is bounded by the controller's own sleeping thread.
 */
@Timeout(240)
@NeedsAnIdleMachine
class BrokerFaultsIT {

    /**
     * The most a kill or stop keeps the broker down, in seconds: its 2 s, then the restart, which
     * BrokerProcess waits 60 s for before the fault gets an error. How long the restart takes is the
     * host's: down 4.0 to 4.8 s in all with these 2 cores busy, 11.2 s at a load average of 13 (a
     * new JVM, and KahaDB replaying 12,317 operations of its journal in 4.9 s). Four such faults fit
     * in the point (the fourth starts before the publishers stop) while a restart takes under about 13 s.
     */
    private static final double RESTARTED_WITHIN = 2.0 + 60.0;

    /**
     * One fault 5 s after the publishers start, 2 s into the window, and 10 s of publishing after it, as
     * the file's first fault at 10 s had in a 15 s window: the seconds before it to read the rate off,
     * and a restart's 4 to 11 s with seconds of traffic after it.
     */
    private static final String[] ONE_FAULT = {"--set", "phases.warmup=3s", "--set", "phases.measure=12s",
        "--set", "faults[0].at=5s", "--set", "faults[0].times=1"};
    private static final double ONE_FAULT_AT = 5.0;

    @TempDir
    static Path work;

    private static Lanes<Path> runs;

    /**
     * Every test's run, longest first (alone here: 55, 35, 30, 25, 25, 20 and 20 s), so that the two
     * lanes end within seconds of each other; each test awaits its own and checks it.
     */
    @BeforeAll
    static void startTheRuns() throws Exception {
        Path kill = Jmsbench.scenario("faults/kill-broker.yaml");
        // the file's 10 s between kills from 5 s: the fourth at 35 s, back after 4 to 5 s here (11 s at a load
        // average of 13), so a 47 s window after a 3 s warm-up still has the 15 s after it to read its recovery off
        runs = new Lanes<>(2, "faults");
        runs.submit("four-kills", () -> run("four-kills", kill, "--set", "phases.warmup=3s", "--set",
                "phases.measure=47s", "--set", "faults[0].at=5s"));
        // four pauses from 5 s, every 6 s, each followed by 4 s of traffic (more than the 3 s a recovery is read
        // off in), the fourth over at 25 s with 5 s of the window after it
        runs.submit("four-pauses", () -> run("four-pauses", Jmsbench.scenario("faults/pause-broker.yaml"), "--set",
                "phases.warmup=3s", "--set", "phases.measure=27s", "--set", "faults[0].at=5s", "--set",
                "faults[0].every=6s"));
        // the file's 10 s between kills from 5 s, and 10 s of publishing after the second, as 25 s of window had
        runs.submit("durable", () -> run("durable", variant("durable", kill, "type: queue", "type: topic",
                "ackEvery: 10}", "ackEvery: 10, durable: true}"), "--set", "phases.warmup=3s", "--set",
                "phases.measure=22s", "--set", "faults[0].at=5s", "--set", "faults[0].times=2"));
        // the file's 10 s in a 15 s window: what arrives again after a kill over AMQP is a count of its own, which
        // fewer messages sent make a larger share of the grade (1.0495 against the 2% allowed with the kill at 5 s)
        runs.submit("amqp", () -> run("amqp", kill, "--set", "phases.measure=15s", "--set", "faults[0].times=1",
                "--set", "provider=amqp"));
        // at 200 msgs/s (what its synced journal takes here), at the file's 10 s: a new Artemis delivered 17 msgs/s
        // in its first 5 s beside other builds, and the fault's thread woke 0.55 s late then, so ONE_FAULT's 5 s is
        // too early for it
        runs.submit("artemis", () -> run("artemis", kill, "--set", "phases.measure=15s", "--set",
                "faults[0].times=1", "--set", "broker.embedded=artemis", "--set", "publishers.rate=200"));
        runs.submit("restart", () -> run("restart", kill, oneFault("--set", "faults[0].action=restart-broker")));
        runs.submit("transacted", () -> run("transacted", variant("transacted", kill, "ack: client, ackEvery: 10",
                "ack: transacted, transactionSize: 10"), ONE_FAULT));
    }

    @AfterAll
    static void awaitTheRest() throws InterruptedException {
        if (runs != null) {
            runs.close();
        }
    }

    /** Pauses end on time (no restart) and the clients deliver again within a second. */
    @Test
    void fourPausesLoseNothingAndEachRecoveryIsReported() throws Exception {
        Path dir = runs.await("four-pauses");
        JsonNode point = Reports.read(dir).path("points").get(0);
        // down: 2 s, then a SIGCONT through kill(1), which took at most 0.11 s at a load average of 13 here
        assertFaults(point, "pause-broker", 4, 5.0, 6.0, 2.0, 2.3);
        assertEquals(0, point.path("audit").path("redelivered").asLong(), "a pause keeps every connection");
        assertTrue(Files.readString(dir.resolve("report.md"))
                .contains("| fault | at s | down s | dispatched before, msgs/s |"));
    }

    /** The file's kills (ReportHtmlIT draws this run): the clients fail over, and no JVM of the run is left. */
    @Test
    void fourKillsLoseNothingTheClientsFailOverAndNoJvmIsLeft() throws Exception {
        Path dir = runs.await("four-kills");
        JsonNode point = Reports.read(dir).path("points").get(0);
        // down: 2 s, then until the broker serves again on its ports from the same store
        assertFaults(point, "kill-broker", 4, ONE_FAULT_AT, 10.0, 2.0, RESTARTED_WITHIN);
        assertTrue(point.path("brokerCounts").isNull() || point.path("brokerCounts").isMissingNode(),
                "counts of the last life only are not reported: " + point.path("brokerCounts"));
        List<String> left = ProcessHandle.allProcesses().map(p -> p.info().commandLine().orElse(""))
                .filter(c -> c.contains(dir.toString())).toList();
        assertEquals(List.of(), left, "JVMs of the run left behind");
    }

    @Test
    void aCleanRestartLosesNothing() throws Exception {
        assertFaults(Reports.read(runs.await("restart")).path("points").get(0), "restart-broker", 1, ONE_FAULT_AT,
                0, 2.0, RESTARTED_WITHIN);
    }

    /**
     * Over AMQP a message can arrive twice unflagged after a kill (a send in flight made again by
     * Qpid JMS's failover transport, or a batch whose acknowledgement the broker had not stored):
     * the point must then be invalid and name them.
     */
    @Test
    void aKillOverAmqpLosesNothingTheQpidClientsFailOver() throws Exception {
        JsonNode report = Reports.read(runs.await("amqp"));
        assertEquals("amqp", report.path("scenario").path("provider").asText(), report.path("scenario").toString());
        assertFaults(report.path("points").get(0), "kill-broker", 1, 10.0, 0, 2.0, RESTARTED_WITHIN, 1000,
                Long.MAX_VALUE);
    }

    /** Artemis killed once under the OpenWire failover client. */
    @Test
    void aKillOfArtemisLosesNothing() throws Exception {
        assertFaults(Reports.read(runs.await("artemis")).path("points").get(0), "kill-broker", 1, 10.0, 0, 2.0,
                RESTARTED_WITHIN, 200, Long.MAX_VALUE);
    }

    /**
     * Transactions of 10 through a kill: ActiveMQ's failover rolls back the transaction a kill
     * interrupted ("completion in doubt"), though the broker may have committed it; the publisher
     * sends all 10 again, flagged. Nothing is lost, and whatever arrives twice is in doubt, never a
     * duplicate.
     */
    @Test
    void aTransactionInDoubtAtAKillIsSentAgainAndNothingIsLostOrDuplicated() throws Exception {
        JsonNode point = Reports.read(runs.await("transacted")).path("points").get(0);
        JsonNode audit = point.path("audit");
        assertEquals(0, audit.path("lost").asLong(), audit.toString());
        assertEquals(0, audit.path("duplicates").asLong(), audit.toString());
        assertEquals(0, audit.path("resent").asLong() % 10, "whole transactions in doubt: " + audit);
        assertEquals("complete", point.path("drain").path("outcome").asText(), point.path("drain").toString());
        JsonNode fault = point.path("faults").get(0);
        assertTrue(fault.path("error").isNull(), fault.toString());
        assertTrue(fault.path("firstDeliveryAfter").asDouble(Double.NaN) <= fault.path("downFor").asDouble() + 3.0,
                fault.toString());
    }

    /**
     * A durable subscription through two kills. ActiveMQ delivers again, without the redelivered
     * flag, the messages consumed but not acknowledged when the connection was lost (JMS allows
     * it); the subscriber knows which those were, so they are redeliveries, not duplicates.
     */
    @Test
    void aDurableSubscriptionThroughKillsLosesNothingAndItsUnflaggedRedeliveriesAreNoDuplicates() throws Exception {
        assertFaults(Reports.read(runs.await("durable")).path("points").get(0), "kill-broker", 2, ONE_FAULT_AT, 10.0,
                2.0, RESTARTED_WITHIN);
    }

    /** {@code first} options, then {@link #ONE_FAULT}'s. */
    private static String[] oneFault(String... first) {
        return Stream.concat(Arrays.stream(first), Arrays.stream(ONE_FAULT)).toArray(String[]::new);
    }

    /** The shipped {@code scenario} with each of {@code replacements}' pairs replaced, as {@code key}.yaml. */
    private static Path variant(String key, Path scenario, String... replacements) throws Exception {
        String text = Files.readString(scenario);
        for (int i = 0; i < replacements.length; i += 2) {
            String changed = text.replace(replacements[i], replacements[i + 1]);
            assertTrue(!changed.equals(text), scenario + " has no '" + replacements[i] + "'");
            text = changed;
        }
        return Files.writeString(work.resolve(key + ".yaml"), text);
    }

    /**
     * Runs {@code scenario} (with {@code more} options) in a directory of its own named {@code key}; returns its run
     * directory, kept as "kill-broker" for the file's kills (ReportHtmlIT draws it), as "faults-KEY" otherwise.
     */
    private static Path run(String key, Path scenario, String... more) throws Exception {
        Path dir = Files.createDirectories(work.resolve(key));
        Path out = dir.resolve("results");
        List<String> args = new ArrayList<>(List.of("run", scenario.toString(), "--out", out.toString()));
        args.addAll(List.of(more));
        Jmsbench.Result run = Jmsbench.run(dir, Duration.ofSeconds(200), args.toArray(String[]::new));
        assertEquals(0, run.exit(), run.stdout() + run.stderr());
        assertTrue(run.stdout().contains("  fault: "), run.stdout());
        String name = scenario.getFileName().toString().startsWith("pause") ? "pause-broker" : "kill-broker";
        Path runDirectory = Reports.onlyRunDirectory(out, name);
        KeptRuns.keep(runDirectory, key.equals("four-kills") ? "kill-broker" : "faults-" + key);
        return runDirectory;
    }
}
