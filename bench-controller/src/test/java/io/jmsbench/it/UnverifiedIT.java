package io.jmsbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A capacity run against a broker the harness did not start, cannot see on this machine and no
 * monitor watches: nothing measured the broker's CPU, so the point is unverified, never valid, and
 * --require-valid fails. (A broker listening here is found by its port and measured: --broker-port
 * names a port nothing here listens on, as for a broker reached through a port forwarded elsewhere.)
 */
@Timeout(150)
@SharesTheMachine
class UnverifiedIT {

    @TempDir
    Path work;

    @Test
    void anExternalBrokerWithoutAMonitorGivesAnUnverifiedPointAndExitFiveUnderRequireValid() throws Exception {
        Jmsbench.Running broker = Jmsbench.start(work, "broker", "--data-dir", work.resolve("broker-data").toString());
        try {
            broker.awaitOutput("\"openwire\"", Duration.ofSeconds(60));
            String url = new ObjectMapper().readTree(broker.out().lines().filter(l -> l.contains("\"openwire\""))
                    .findFirst().orElseThrow()).path("openwire").asText();
            Path scenario = work.resolve("external.yaml");
            Files.writeString(scenario, """
                    name: external
                    broker: {url: "%s"}
                    destination: {type: topic, name: bench.external}
                    publishers: {clients: 1, rate: max}
                    subscribers:
                      - {clients: 1}
                    phases: {warmup: 1s, measure: 5s, drain: 10s}
                    """.formatted(url));

            Jmsbench.Result run = Jmsbench.run(work, Duration.ofSeconds(100), "run", scenario.toString(),
                    "--out", work.resolve("results").toString(), "--require-valid",
                    "--broker-port", Integer.toString(BrokerProcess.freePorts(1)[0]));

            assertEquals(5, run.exit(), run.stdout() + run.stderr());
            assertTrue(run.stdout().contains("  UNVERIFIED: unverified: the broker's CPU was not measured"), run.stdout());
            JsonNode report = Reports.read(Reports.onlyRunDirectory(work.resolve("results"), "external"));
            JsonNode point = report.path("points").get(0);
            // another rule may fail too on a busy machine (a client over its CPU bound): then the point is
            // invalid, which outranks unverified; without one it must be unverified, never valid
            boolean otherInvalid = point.path("findings").toString().contains("\"severity\":\"INVALID\"");
            assertEquals(otherInvalid ? "invalid" : "unverified", point.path("verdict").asText(),
                    point.path("findings").toString());
            assertTrue(run.stdout().contains("jmsbench: external completed, " + (otherInvalid ? "INVALID" : "UNVERIFIED")),
                    run.stdout());
            assertFalse(point.path("valid").asBoolean());
            assertFalse(report.path("valid").asBoolean());
            assertTrue(point.path("findings").toString().contains("\"code\":\"BROKER_CPU_NOT_MEASURED\""),
                    point.path("findings").toString());
            assertTrue(point.path("cpu").path("brokerCores").isNull() || point.path("cpu").path("brokerCores").isMissingNode()
                    || Double.isNaN(point.path("cpu").path("brokerCores").asDouble()),
                    "nothing measured the broker's JVM: " + point.path("cpu"));
        } finally {
            broker.process().destroy();
            broker.process().waitFor();
        }
    }
}
