package io.jmsbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The shipped fault scenarios, as a user runs them: the embedded broker paused, killed or stopped
 * every 10 s, four times, on a persistent queue with client acknowledgement (ActiveMQ's AMQ2149
 * pattern), with windows that end a few seconds after the last fault's recovery (and pauses, which
 * need no restart, closer together). Nothing may be lost; every fault must show in the samples (far
 * less taken and dispatched while it lasts) and in the report with the broker's recovery from it; a
 * broker killed and started again leaves no JVM behind.
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
    Path work;

    /**
     * A pause ends on time (no restart) and the clients deliver again within a second, so four of them fit
     * closer than the file's: from 5 s, every 6 s, each followed by 4 s of traffic (more than the 3 s a
     * recovery is read off in), the fourth over at 25 s with 5 s of the window after it (30 s of publishing,
     * against the file's 65 s).
     */
    @Test
    void fourPausesLoseNothingAndEachRecoveryIsReported() throws Exception {
        Path dir = run("pause-broker", "pause-broker-variant", "--set", "phases.warmup=3s", "--set",
                "phases.measure=27s", "--set", "faults[0].at=5s", "--set", "faults[0].every=6s");
        JsonNode point = Reports.read(dir).path("points").get(0);
        // down: 2 s, then a SIGCONT through kill(1), which took at most 0.11 s at a load average of 13 here
        assertFaults(point, "pause-broker", 4, 5.0, 6.0, 2.0, 2.3);
        assertEquals(0, point.path("audit").path("redelivered").asLong(), "a pause keeps every connection");
        assertTrue(Files.readString(dir.resolve("report.md"))
                .contains("| fault | at s | down s | dispatched before, msgs/s |"));
    }

    /**
     * The file's 10 s between kills (ReportHtmlIT draws this run), from 5 s as the one-fault tests: the fourth
     * kill at 35 s, back after 4 to 5 s here (11 s at a load average of 13), so a 47 s window after a 3 s warm-up
     * (publishing until 50 s, not the file's 65 s) still has the 15 s after it to read its recovery off.
     */
    @Test
    void fourKillsLoseNothingTheClientsFailOverAndNoJvmIsLeft() throws Exception {
        Path dir = run("kill-broker", "kill-broker", "--set", "phases.warmup=3s", "--set", "phases.measure=47s",
                "--set", "faults[0].at=5s");
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
        Path dir = run("kill-broker", "kill-broker-variant", oneFault("--set", "faults[0].action=restart-broker"));
        assertFaults(Reports.read(dir).path("points").get(0), "restart-broker", 1, ONE_FAULT_AT, 0, 2.0,
                RESTARTED_WITHIN);
    }

    /**
     * Over AMQP a message can arrive twice unflagged after a kill (a send in flight made again by
     * Qpid JMS's failover transport, or a batch whose acknowledgement the broker had not stored):
     * the point must then be invalid and name them.
     */
    @Test
    void aKillOverAmqpLosesNothingTheQpidClientsFailOver() throws Exception {
        // the file's 10 s in a 15 s window: what arrives again after a kill over AMQP is a count of its own, which
        // fewer messages sent make a larger share of the grade (1.0495 against the 2% allowed with the kill at 5 s)
        Path dir = run("kill-broker", "kill-broker-variant", "--set", "phases.measure=15s", "--set", "faults[0].times=1",
                "--set", "provider=amqp");
        JsonNode report = Reports.read(dir);
        assertEquals("amqp", report.path("scenario").path("provider").asText(), report.path("scenario").toString());
        assertFaults(report.path("points").get(0), "kill-broker", 1, 10.0, 0, 2.0, RESTARTED_WITHIN, 1000,
                Long.MAX_VALUE);
    }

    /**
     * Artemis killed once under the OpenWire failover client, at 200 msgs/s (what its synced journal takes here),
     * at the file's 10 s in a 15 s window: a new Artemis delivered 17 msgs/s in its first 5 s beside other builds,
     * and the fault's thread woke 0.55 s late then, so {@link #ONE_FAULT}'s 5 s is too early for it.
     */
    @Test
    void aKillOfArtemisLosesNothing() throws Exception {
        Path dir = run("kill-broker", "kill-broker-variant", "--set", "phases.measure=15s", "--set", "faults[0].times=1",
                "--set", "broker.embedded=artemis", "--set", "publishers.rate=200");
        assertFaults(Reports.read(dir).path("points").get(0), "kill-broker", 1, 10.0, 0, 2.0, RESTARTED_WITHIN, 200,
                Long.MAX_VALUE);
    }

    /**
     * Transactions of 10 through a kill: ActiveMQ's failover rolls back the transaction a kill
     * interrupted ("completion in doubt"), though the broker may have committed it; the publisher
     * sends all 10 again, flagged. Nothing is lost, and whatever arrives twice is in doubt, never a
     * duplicate.
     */
    @Test
    void aTransactionInDoubtAtAKillIsSentAgainAndNothingIsLostOrDuplicated() throws Exception {
        Path scenario = work.resolve("kill-transacted.yaml");
        Files.writeString(scenario, Files.readString(Jmsbench.scenario("faults/kill-broker.yaml"))
                .replace("ack: client, ackEvery: 10", "ack: transacted, transactionSize: 10"));
        Path out = work.resolve("results");
        Jmsbench.Result run = Jmsbench.run(work, Duration.ofSeconds(200),
                oneFault("run", scenario.toString(), "--out", out.toString()));
        assertEquals(0, run.exit(), run.stdout() + run.stderr());
        JsonNode point = Reports.read(Reports.onlyRunDirectory(out, "kill-broker")).path("points").get(0);
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
        Path scenario = work.resolve("kill-durable.yaml");
        Files.writeString(scenario, Files.readString(Jmsbench.scenario("faults/kill-broker.yaml"))
                .replace("type: queue", "type: topic").replace("ackEvery: 10}", "ackEvery: 10, durable: true}"));
        Path out = work.resolve("results");
        // the file's 10 s between kills from 5 s, and 10 s of publishing after the second, as 25 s of window had
        Jmsbench.Result run = Jmsbench.run(work, Duration.ofSeconds(200), "run", scenario.toString(), "--out",
                out.toString(), "--set", "phases.warmup=3s", "--set", "phases.measure=22s", "--set", "faults[0].at=5s",
                "--set", "faults[0].times=2");
        assertEquals(0, run.exit(), run.stdout() + run.stderr());
        JsonNode point = Reports.read(Reports.onlyRunDirectory(out, "kill-broker")).path("points").get(0);
        assertFaults(point, "kill-broker", 2, ONE_FAULT_AT, 10.0, 2.0, RESTARTED_WITHIN);
    }

    /** {@code first} options, then {@link #ONE_FAULT}'s. */
    private static String[] oneFault(String... first) {
        return java.util.stream.Stream.concat(java.util.Arrays.stream(first), java.util.Arrays.stream(ONE_FAULT))
                .toArray(String[]::new);
    }

    /**
     * Runs the shipped scenario {@code name} (with {@code more} options); returns its run directory, kept as
     * {@code kept} (ReportHtmlIT draws the one kept as "kill-broker").
     */
    private Path run(String name, String kept, String... more) throws Exception {
        Path out = work.resolve("results");
        List<String> args = new java.util.ArrayList<>(List.of("run",
                Jmsbench.scenario("faults/" + name + ".yaml").toString(), "--out", out.toString()));
        args.addAll(List.of(more));
        Jmsbench.Result run = Jmsbench.run(work, Duration.ofSeconds(200), args.toArray(String[]::new));
        assertEquals(0, run.exit(), run.stdout() + run.stderr());
        assertTrue(run.stdout().contains("  fault: "), run.stdout());
        Path dir = Reports.onlyRunDirectory(out, name);
        KeptRuns.keep(dir, kept);
        return dir;
    }

    /**
     * {@code count} faults of {@code action} planned at {@code firstAt} s and every {@code every} s after it,
     * each down from {@code minDown} to {@code maxDown} s, with nothing lost or duplicated and the broker back
     * after each.
     */
    private static void assertFaults(JsonNode point, String action, int count, double firstAt, double every,
                                     double minDown, double maxDown) {
        assertFaults(point, action, count, firstAt, every, minDown, maxDown, 1000, 0);
    }

    /**
     * As above, at {@code rate} msgs/s, where up to {@code maxDuplicates} messages may arrive twice
     * without the broker's flag: then the point must be invalid and name them by sequence number.
     *
     * <p>Only what the harness guarantees is asserted, never how fast the host is: broker and
     * clients share 2 cores here, with the build and other builds beside them. A killed broker
     * serves again after 4 to 11 s on such a host (a new JVM, KahaDB replaying its journal), so the
     * next kill may come a few seconds after, or at once, and the new broker's rate is whatever its
     * cold JVM gets of the host: it was seen below 90% of the rate before for the 6 s until the next
     * kill. Whether it came back before the next fault is reported (NaN: not), not required.
     */
    private static void assertFaults(JsonNode point, String action, int count, double firstAt, double every,
                                     double minDown, double maxDown, double rate, long maxDuplicates) {
        JsonNode audit = point.path("audit");
        assertEquals(0, audit.path("lost").asLong(), audit.toString());
        long duplicates = audit.path("duplicates").asLong();
        assertTrue(duplicates <= maxDuplicates, audit.toString());
        assertEquals("complete", point.path("drain").path("outcome").asText(), point.path("drain").toString());
        if (duplicates > 0) {
            assertEquals("invalid", point.path("verdict").asText(), point.path("findings").toString());
            assertTrue(point.path("findings").toString().matches(
                    ".*duplicate messages \\(only DUPS_OK_ACKNOWLEDGE allows them\\): first pub-0 to sub-0-0 #\\d+.*"),
                    point.path("findings").toString());
        } else {
            assertEquals("valid", point.path("verdict").asText(), point.path("findings").toString());
        }
        assertTrue(point.path("findings").toString().contains("FAULTS_INJECTED"), point.path("findings").toString());

        JsonNode faults = point.path("faults");
        assertEquals(count, faults.size(), faults.toString());
        for (int i = 0; i < count; i++) {
            JsonNode f = faults.get(i);
            assertEquals(action, f.path("action").asText());
            double at = f.path("at").asDouble();
            double down = f.path("downFor").asDouble();
            assertTrue(down >= minDown && down <= maxDown, f.toString());
            assertTrue(f.path("error").isNull(), f.toString());
            // BrokerFaults injects one fault after the other: each at its planned time, or, while the broker is
            // still down from the one before (a restart that outlasted the gap), as soon as it serves again; never
            // early, and late only by a sleeping thread's wake-up on a busy host (BrokerFaultsTest bounds it alike)
            double since = i == 0 ? 0 : faults.get(i - 1).path("at").asDouble() + faults.get(i - 1).path("downFor")
                    .asDouble();
            double planned = firstAt + every * i;
            assertTrue(at >= planned - 0.02 && at <= Math.max(planned, since) + 0.45,
                    "planned at " + planned + " s, the one before ended at " + since + " s: " + f);
            // the seconds this fault's recovery is read off: from its end to the next fault's start
            double next = i + 1 < faults.size() ? faults.get(i + 1).path("at").asDouble() : Double.POSITIVE_INFINITY;
            double served = next - (at + down);
            // failover retries at most 1 s apart (Failover: maxReconnectDelay), and the samples are whole seconds
            boolean room = served >= 3.0;
            int reconnected = f.path("clientsReconnected").asInt();
            if (action.equals("pause-broker")) {
                assertEquals(0, reconnected, "a pause keeps every connection: " + f);
            } else {
                // the publisher and the subscriber reconnect; a broker killed again before they did counts them there
                assertTrue(room ? reconnected == 2 : reconnected <= 2, f.toString());
            }

            // the mean of the whole seconds within 5 s before the fault and after the previous one ended, read off
            // the samples: what the host took before it, not a speed to reach (a persistent send waits on the
            // disk's sync, and a loaded CI host took 625 of the 1,000 msgs/s asked over AMQP)
            double sum = 0;
            int seconds = 0;
            for (JsonNode s : point.path("samples")) {
                double t = s.path("t").asDouble();
                if (t <= at && t - 1 >= Math.max(since, at - 5)) {
                    sum += s.path("receiveRate").asDouble();
                    seconds++;
                }
            }
            double before = f.path("rateBefore").asDouble(Double.NaN);
            if (seconds == 0) {
                // a fault that came as the broker served again from the one before: no second to read
                assertTrue(i > 0 && since > at - 2, "a whole second before the fault at " + at + " s: "
                        + point.path("samples"));
                assertTrue(Double.isNaN(before), f.toString());
            } else {
                assertTrue(sum > 0, "messages flowed before the fault at " + at + " s: " + point.path("samples"));
                assertEquals(sum / seconds, before, 1e-9 * sum / seconds, f.toString());
            }
            // delivered again within 3 s of the broker being back (failover reconnects within about a second),
            // unless the next fault came first
            double first = f.path("firstDeliveryAfter").asDouble(Double.NaN);
            if (room) {
                assertTrue(first > down && first <= down + 3.0, f.toString());
            } else {
                assertTrue(Double.isNaN(first) || first > down && at + first <= next, f.toString());
            }
            // back to 90% of the rate before: the end of the first second after the broker served again, and before
            // the next fault, above it; NaN when none was. How soon is the host's business, not the harness's
            double back = f.path("rateBackAfter").asDouble(Double.NaN);
            double expected = Double.NaN;
            if (!Double.isNaN(before)) {
                for (JsonNode s : point.path("samples")) {
                    double t = s.path("t").asDouble();
                    if (t > at + down && t <= next && s.path("receiveRate").asDouble() > 0.9 * before) {
                        expected = t - at;
                        break;
                    }
                }
            }
            assertEquals(expected, back, 1e-9, "rate back after the fault at " + at + " s: " + f + " in "
                    + point.path("samples"));
            assertTrue(Double.isNaN(back) || back >= first, f.toString());
            // the seconds inside the pause took and dispatched far less than the rate before it: a
            // synchronous persistent send waits for the broker; a subscriber may still drain its prefetch buffer,
            // and the counters are read a few ms after each tick, so "nothing" would be too strict
            int inside = 0;
            for (JsonNode s : point.path("samples")) {
                double t = s.path("t").asDouble();
                if (t - 1 >= at - 0.05 && t <= at + down + 0.05) {
                    inside++;
                    assertTrue(s.path("sent").asLong() <= rate / 2 && s.path("received").asLong() <= rate / 2,
                            "sent or dispatched during the pause: " + s);
                }
            }
            assertTrue(inside >= 1, "a second inside the fault at " + at + " s: " + point.path("samples"));
        }
    }
}
