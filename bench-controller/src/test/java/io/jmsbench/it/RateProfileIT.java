package io.jmsbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import io.jmsbench.report.LatencyFigures;
import io.jmsbench.scenario.PublishRate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A rate profile end to end on the embedded ActiveMQ: a hold, a ramp and bursts over 12 s. Every
 * second of warm-up and window carries the profile's target, which the test works out on its own;
 * the publishers send what it asks, nothing is lost, and the point is valid.
 */
@Timeout(180)
@NeedsAnIdleMachine
class RateProfileIT {

    /** 500 msgs/s for 2 s, a ramp to 1,500 over 4 s, then 3,000 for 1 s in every 3 s with 1,500 between. */
    private static final String PROFILE = "[{rate: 500, for: 2s}, {ramp: 1500, over: 4s}, "
            + "{burst: 3000, for: 1s, every: 3s}]";

    @TempDir
    Path work;

    /** The profile's rate at {@code t} seconds, written out apart from the code under test. */
    private static double rate(double t) {
        if (t < 2) {
            return 500;
        }
        if (t < 6) {
            return 500 + 1000 * (t - 2) / 4;
        }
        return (t - 6) % 3 < 1 ? 3000 : 1500;
    }

    /** The mean of {@link #rate} from {@code from} to {@code to}, by the midpoint rule in milliseconds. */
    private static double mean(double from, double to) {
        double sum = 0;
        int steps = (int) Math.round((to - from) * 1000);
        for (int i = 0; i < steps; i++) {
            sum += rate(from + (i + 0.5) / 1000);
        }
        return sum / steps;
    }

    /**
     * Whether {@code target} is within 3% of the profile's mean over some interval whose ends are at most
     * {@link #EDGE} from {@code from} and {@code to}: a sample's interval runs between two readings of the
     * agents, taken some milliseconds after its whole second.
     */
    private static boolean nearAnyInterval(double target, double from, double to) {
        for (double a = -EDGE; a <= EDGE + 1e-9; a += 0.01) {
            for (double b = -EDGE; b <= EDGE + 1e-9; b += 0.01) {
                double expected = mean(Math.max(0, from + a), to + b);
                if (Math.abs(target - expected) <= 0.03 * expected) {
                    return true;
                }
            }
        }
        return false;
    }

    /** How far a sample's interval may lie from its whole seconds, in seconds. */
    private static final double EDGE = 0.2;

    @Test
    void theSamplesFollowTheProfileAndThePublishersKeepToIt() throws Exception {
        Path out = work.resolve("results");
        Jmsbench.Result run = Jmsbench.run(work, Duration.ofSeconds(150), "run",
                Jmsbench.scenario("patterns/bursts.yaml").toString(), "--out", out.toString(),
                "--set", "publishers.rate=" + PROFILE, "--set", "phases.warmup=4s", "--set", "phases.measure=8s");
        assertEquals(0, run.exit(), run.stdout() + run.stderr());
        Path directory = Reports.onlyRunDirectory(out, "bursts");
        KeptRuns.keep(directory, "rate-profile");
        JsonNode report = Reports.read(directory);
        JsonNode point = report.path("points").get(0);

        String rate = report.path("scenario").path("publishers").path("rate").asText();
        assertEquals(PROFILE, rate);
        assertEquals(PROFILE, PublishRate.parse(rate).text(), "report.json's rate reads back");

        List<String> off = new ArrayList<>();
        double intended = 0;
        double sent = 0;
        double previous = 0;
        int seconds = 0;
        for (JsonNode s : point.path("samples")) {
            double t = s.path("t").asDouble();
            String phase = s.path("phase").asText();
            boolean sending = phase.equals("warmup") || phase.equals("measure");
            assertEquals(sending, s.has("targetSendRate"), "only warm-up and window carry a target: " + s);
            if (sending && previous > 0) { // the first interval starts before the publishers
                double target = s.path("targetSendRate").asDouble();
                double expected = mean(previous, t);
                if (!nearAnyInterval(target, previous, t)) {
                    off.add(String.format("%.2f s: target %.0f, expected %.0f", t, target, expected));
                }
                intended += target * (t - previous);
                sent += s.path("sent").asDouble();
                seconds++;
            }
            previous = t;
        }
        assertTrue(seconds >= 10, "seconds sampled: " + seconds);
        assertEquals(List.of(), off, "the samples' targets against the profile worked out by hand");
        // a publisher behind its schedule sends at once, so over the seconds the count keeps to the profile's
        assertEquals(intended, sent, 0.03 * intended, "sent against the profile's count over " + seconds + " s");

        JsonNode audit = point.path("audit");
        assertTrue(audit.path("auditedSubscribers").asInt() > 0, audit.toString());
        assertEquals(0, audit.path("lost").asLong(), audit.toString());
        assertEquals(0, audit.path("duplicates").asLong(), audit.toString());
        assertEquals("valid", point.path("verdict").asText(), point.path("findings").toString());
        assertEquals(LatencyFigures.INTENDED_PROFILE, point.path("latency").path("basis").asText(),
                point.path("latency").toString());
    }
}
