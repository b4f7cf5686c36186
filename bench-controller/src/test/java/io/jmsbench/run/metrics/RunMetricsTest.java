package io.jmsbench.run.metrics;

import com.fasterxml.jackson.databind.JsonNode;
import io.jmsbench.protocol.Json;
import io.jmsbench.report.IntervalSample;
import io.jmsbench.run.point.SampleSink;
import io.jmsbench.verdict.Verdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The live metrics: what a scrape shows after samples and verdicts, the endpoint over a real
 * loopback socket (its answers to other paths and methods, and a silent client that holds nothing
 * up), and that every metric the shipped Grafana dashboard queries is one a run serves.
 */
@Timeout(60)
// beside the other unit tests (surefire's configuration in the parent pom): it mostly waits for the server's 10 s
// bound, on servers and ports of its own
@Execution(ExecutionMode.CONCURRENT)
class RunMetricsTest {

    private static final Path DASHBOARD = Path.of("../deploy/grafana/jmsbench-run.json");

    private static IntervalSample sample(String phase, double received, double dispatched) {
        return new IntervalSample(12.0, phase, 0, received, 0, dispatched, 0.97, 0.25, 0.5, 0.93, 150, 300, 900, 1500,
                2000, 2500);
    }

    private static RunMetrics afterOneSecondOfMeasurement() throws IOException {
        RunMetrics metrics = new RunMetrics("ci-smoke", 4);
        List<IntervalSample> passed = new ArrayList<>();
        SampleSink sink = metrics.observe(2, 1, (s, latency) -> passed.add(s));
        sink.accept(sample("measure", 100_000, 99_000), null);
        assertEquals(1, passed.size(), "the run's own sink still gets every sample");
        metrics.pointDone(Verdict.VALID);
        metrics.pointDone(Verdict.INVALID);
        metrics.pointDone(Verdict.INVALID);
        return metrics;
    }

    @Test
    void aScrapeShowsTheLastSecondLabelledByScenarioPointAndRole() throws IOException {
        String scrape = afterOneSecondOfMeasurement().scrape();
        String point = "point=\"2\",repeat=\"1\",scenario=\"ci-smoke\"";
        assertTrue(scrape.contains("jmsbench_messages_rate{direction=\"received\"," + point + "} 100000.0"), scrape);
        assertTrue(scrape.contains("jmsbench_messages_rate{direction=\"dispatched\"," + point + "} 99000.0"), scrape);
        assertTrue(scrape.contains("jmsbench_latency_microseconds{point=\"2\",quantile=\"0.99\",repeat=\"1\","
                + "scenario=\"ci-smoke\"} 900.0"), scrape);
        assertTrue(scrape.contains("jmsbench_cpu_cores{" + point.replace("scenario", "role=\"broker\",scenario")
                + "} 0.97"), scrape);
        assertTrue(scrape.contains("jmsbench_phase{phase=\"measure\"," + point + "} 1.0"), scrape);
        assertTrue(scrape.contains("jmsbench_phase{phase=\"warmup\"," + point + "} 0.0"), scrape);
        assertTrue(scrape.contains("jmsbench_points_done{scenario=\"ci-smoke\",verdict=\"invalid\"} 2.0"), scrape);
        assertTrue(scrape.contains("jmsbench_points_done{scenario=\"ci-smoke\",verdict=\"valid\"} 1.0"), scrape);
        assertTrue(scrape.contains("jmsbench_points_planned{scenario=\"ci-smoke\"} 4.0"), scrape);
        assertTrue(scrape.contains("# HELP jmsbench_messages_rate messages per second"), scrape);
    }

    @Test
    void theEndpointServesGetAndRefusesTheRest() throws Exception {
        RunMetrics metrics = afterOneSecondOfMeasurement();
        try (MetricsServer server = new MetricsServer(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                metrics::scrape);
             Socket silent = new Socket(server.address().getAddress(), server.address().getPort())) {
            // a client that connects and never sends: the scrape below must not wait for it
            HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
            URI base = URI.create("http://127.0.0.1:" + server.address().getPort());
            HttpResponse<String> ok = http.send(HttpRequest.newBuilder(base.resolve("/metrics"))
                    .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, ok.statusCode());
            assertTrue(ok.headers().firstValue("Content-Type").orElse("").startsWith("text/plain; version=0.0.4"));
            assertTrue(ok.body().contains("jmsbench_messages_rate{"), ok.body());
            HttpResponse<String> post = http.send(HttpRequest.newBuilder(base.resolve("/metrics"))
                    .POST(HttpRequest.BodyPublishers.ofString("x".repeat(10_000))).timeout(Duration.ofSeconds(5))
                    .build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(405, post.statusCode());
            assertEquals("GET, HEAD", post.headers().firstValue("Allow").orElse(""));
            HttpResponse<String> other = http.send(HttpRequest.newBuilder(base.resolve("/admin"))
                    .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(404, other.statusCode());
            assertTrue(silent.isConnected());
        }
    }

    @Test
    void aClientThatSendsHalfARequestIsCutOffByTheServer() throws Exception {
        RunMetrics metrics = afterOneSecondOfMeasurement();
        try (MetricsServer server = new MetricsServer(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                metrics::scrape);
             Socket slow = new Socket(server.address().getAddress(), server.address().getPort())) {
            OutputStream out = slow.getOutputStream();
            out.write("GET /metrics HTTP/1.1\r\nHost: x\r\n".getBytes()); // never the blank line that ends it
            out.flush();
            slow.setSoTimeout(30_000);
            long start = System.nanoTime();
            InputStream in = slow.getInputStream();
            while (in.read() >= 0) {
                // whatever the server says before it closes
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            assertTrue(seconds < 25, "closed by the server after " + seconds + " s (limit 10 s)");
        }
    }

    @Test
    void everyMetricTheDashboardQueriesIsServed() throws IOException {
        String scrape = afterOneSecondOfMeasurement().scrape();
        JsonNode dashboard = Json.MAPPER.readTree(DASHBOARD.toFile());
        Pattern metric = Pattern.compile("\\b(jmsbench_[a-z_]+)");
        List<String> queried = new ArrayList<>();
        for (JsonNode panel : dashboard.path("panels")) {
            for (JsonNode target : panel.path("targets")) {
                Matcher m = metric.matcher(target.path("expr").asText());
                while (m.find()) {
                    queried.add(m.group(1));
                }
            }
        }
        Matcher m = metric.matcher(dashboard.path("templating").toString());
        while (m.find()) {
            queried.add(m.group(1));
        }
        assertTrue(queried.size() >= 6, "queries found: " + queried);
        for (String name : queried) {
            assertTrue(scrape.contains("\n" + name + "{"), name + " is queried by the dashboard but not served");
        }
    }
}
