package io.jmsbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import io.jmsbench.report.MessageSizes.SizeHistogram;
import io.jmsbench.scenario.read.ScenarioLoader;
import io.jmsbench.workload.SizeTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Sizes that vary, end to end on the embedded ActiveMQ: every message of every size arrives once
 * (the audit reads each one's stamps, a 1-byte body's as properties), the report's histogram is
 * the table's sizes as the publishers' counts went through it, and bytes/s is msgs/s times the
 * mean size sent in the window.
 */
@Timeout(180)
@SharesTheMachine
class MessageSizesIT {

    private static final String BASE = "broker: {embedded: activemq, persistent: false}\n"
            + "provider: openwire\n"
            + "destination: {type: topic, name: bench.sizes}\n"
            + "publishers: {clients: 2, rate: 2000}\n"
            + "subscribers:\n  - {clients: 1}\n"
            + "delivery: {persistent: false, ack: auto}\n"
            + "phases: {warmup: 2s, measure: 5s, drain: 10s}\n";

    @TempDir
    Path work;

    @Test
    void aWeightedMixDeliversEverySizeAndCountsItsBytes() throws Exception {
        Path scenario = Files.writeString(work.resolve("weighted.yaml"), "name: weighted\n" + BASE
                + "message:\n  type: bytes\n  size: {weighted: [{size: 1, weight: 10}, {size: 200, weight: 70}, "
                + "{size: 64000, weight: 20}]}\n");

        JsonNode point = runOnePoint(scenario, "weighted");

        JsonNode histogram = point.path("sizes").path("histogram");
        Map<Long, Long> buckets = buckets(histogram);
        assertEquals(Set.of(1L, 256L, 65_536L), buckets.keySet(), histogram.toString());
        long sent = point.path("totals").path("sent").asLong();
        assertEquals(0.10, buckets.get(1L) / (double) sent, 0.02, "share of 1 byte: " + histogram);
        assertEquals(0.70, buckets.get(256L) / (double) sent, 0.02, "share of 200 bytes: " + histogram);
        assertEquals(0.20, buckets.get(65_536L) / (double) sent, 0.02, "share of 64,000 bytes: " + histogram);
        assertEquals(12_940.1, point.path("sizes").path("meanSize").asDouble(), 12_940.1 * 0.03,
                "the mean sent is the mix's: " + point.path("sizes"));
        assertEquals(35, histogram.path("seed").asLong(), "the seed is recorded");
    }

    @Test
    void filesAreSentAsTheBodiesTheyAre() throws Exception {
        Path bodies = Files.createDirectories(work.resolve("payloads/orders"));
        Files.writeString(bodies.resolve("a-tiny.txt"), "hello"); // shorter than the body stamp
        Files.write(bodies.resolve("b-order.json"), ("{\"order\": \"" + "x".repeat(280) + "\"}").getBytes());
        Files.write(bodies.resolve("c-batch.bin"), new byte[5000]);
        Path scenario = Files.writeString(work.resolve("files.yaml"), "name: files\n" + BASE
                + "message:\n  type: bytes\n  size: {files: payloads/orders}\n");

        JsonNode point = runOnePoint(scenario, "files");

        JsonNode histogram = point.path("sizes").path("histogram");
        assertEquals(3, histogram.path("tableLength").asInt(), histogram.toString());
        assertEquals(5, histogram.path("min").asLong(), histogram.toString());
        assertEquals(5000, histogram.path("max").asLong(), histogram.toString());
        assertEquals(Set.of(8L, 512L, 8192L), buckets(histogram).keySet(), histogram.toString());
    }

    /** Runs the scenario, checks what every run of sizes must hold, and gives its one point. */
    private JsonNode runOnePoint(Path scenario, String name) throws Exception {
        Path out = work.resolve("results");
        Jmsbench.Result run = Jmsbench.run(work, Duration.ofSeconds(150), "run", scenario.toString(), "--out",
                out.toString());
        assertEquals(0, run.exit(), run.stdout() + run.stderr());
        Path runDir = Reports.onlyRunDirectory(out, name);
        JsonNode point = Reports.read(runDir).path("points").get(0);

        JsonNode audit = point.path("audit");
        assertTrue(audit.path("auditedSubscribers").asInt() > 0, audit.toString());
        assertEquals(0, audit.path("lost").asLong(), audit.toString());
        assertEquals(0, audit.path("duplicates").asLong(), audit.toString());
        JsonNode totals = point.path("totals");
        assertEquals(0, totals.path("sendErrors").asLong(), totals.toString());
        assertEquals(totals.path("sent").asLong(), totals.path("received").asLong(), "one subscriber got every message");

        SizeTable table = SizeTable.of(ScenarioLoader.load(scenario).message());
        long[] counts = new long[table.sizes().length];
        for (JsonNode c : totals.path("publisherClients")) {
            SizeTable.addSent(counts, SizeTable.start(c.path("client").asText(), counts.length),
                    c.path("messages").asLong());
        }
        Map<Long, Long> expected = new TreeMap<>();
        double bytes = 0;
        for (int i = 0; i < counts.length; i++) {
            expected.merge(SizeHistogram.upTo(table.sizes()[i]), counts[i], Long::sum);
            bytes += (double) table.sizes()[i] * counts[i];
        }
        JsonNode sizes = point.path("sizes");
        JsonNode histogram = sizes.path("histogram");
        assertEquals(totals.path("sent").asLong(), histogram.path("messages").asLong(), histogram.toString());
        assertEquals(expected, buckets(histogram), "the histogram is the table as the publishers went through it");
        double runMean = bytes / totals.path("sent").asLong();
        assertEquals(runMean, histogram.path("mean").asDouble(), runMean * 1e-9, histogram.toString());
        // the window's mean: its clients' counts at its edges, through the same table; a part of one pass
        // through the table per client is all that can set it apart from the run's
        double mean = sizes.path("meanSize").asDouble();
        assertEquals(runMean, mean, runMean * 0.05, sizes.toString());
        double received = point.path("received").path("rate").asDouble();
        double dispatched = point.path("dispatched").path("rate").asDouble();
        assertTrue(received > 0, point.path("received").toString());
        assertEquals(received * mean, sizes.path("receivedBytesPerSecond").asDouble(), received * mean * 1e-9);
        assertEquals(dispatched * mean, sizes.path("dispatchedBytesPerSecond").asDouble(), dispatched * mean * 1e-9);

        String md = Files.readString(runDir.resolve("report.md"));
        assertTrue(md.contains("payload bytes/s") && md.contains("Sizes sent over the whole run: "), md);
        return point;
    }

    private static Map<Long, Long> buckets(JsonNode histogram) {
        Map<Long, Long> buckets = new TreeMap<>();
        histogram.path("buckets").forEach(b -> buckets.put(b.path("upTo").asLong(), b.path("count").asLong()));
        return buckets;
    }
}
