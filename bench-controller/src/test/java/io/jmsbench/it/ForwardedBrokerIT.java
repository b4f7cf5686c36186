package io.jmsbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code jmsbench broker} reached through a real {@code socat} forwarding a port of this machine to
 * it: the process on the URL's port is the forwarder, reported as such, never measured as the
 * broker, and the capacity point is unverified for the broker's CPU; named with --broker-pid, the
 * broker's own JVM is measured.
 */
@Timeout(200)
@SharesTheMachine
class ForwardedBrokerIT {

    @TempDir
    Path work;

    @Test
    void aBrokerBehindSocatIsNotMeasuredAsTheForwarderAndIsWhenNamedByPid() throws Exception {
        Skip.unless(Files.isExecutable(Path.of("/usr/bin/socat")), () -> "no /usr/bin/socat (Debian package socat)");
        try (JmsbenchBroker broker = JmsbenchBroker.start(work, Map.of(), "activemq")) {
            int brokerPort = URI.create(broker.urls().path("openwire").asText()).getPort();
            int forwarded = BrokerProcess.freePorts(1)[0];
            Process socat = new ProcessBuilder("/usr/bin/socat", "TCP-LISTEN:" + forwarded + ",bind=127.0.0.1,fork,reuseaddr",
                    "TCP:127.0.0.1:" + brokerPort).redirectErrorStream(true)
                    .redirectOutput(work.resolve("socat.log").toFile()).start();
            try {
                BrokerProcess.await("socat", socat, work.resolve("socat.log"), Duration.ofSeconds(10),
                        () -> BrokerProcess.accepts(forwarded));
                Path scenario = work.resolve("forwarded.yaml");
                Files.writeString(scenario, """
                        name: forwarded
                        broker: {url: "tcp://127.0.0.1:%d", kind: activemq}
                        destination: {type: topic, name: bench.forwarded}
                        publishers: {clients: 1, rate: max}
                        subscribers:
                          - {clients: 1}
                        phases: {warmup: 1s, measure: 3s, drain: 10s}
                        """.formatted(forwarded));

                Jmsbench.Result run = Jmsbench.run(work, Duration.ofSeconds(80), "run", scenario.toString(),
                        "--out", work.resolve("results").toString());
                assertEquals(0, run.exit(), run.stdout() + run.stderr());
                assertTrue(run.stdout().contains("process " + socat.pid() + " (socat) listening on port " + forwarded
                        + ", looks like socat, a port forwarder or proxy: not measured as the broker"), run.stdout());
                JsonNode point = Reports.read(Reports.onlyRunDirectory(work.resolve("results"), "forwarded"))
                        .path("points").get(0);
                JsonNode process = point.path("environment").path("broker").path("process");
                assertEquals(socat.pid(), process.path("pid").asLong(), process.toString());
                assertEquals("forwarder", process.path("kind").asText(), process.toString());
                String findings = point.path("findings").toString();
                assertTrue(findings.contains("\"code\":\"BROKER_PROCESS_NOT_A_BROKER\""), findings);
                assertFalse(findings.contains("\"code\":\"BROKER_CPU_NOT_MEASURED\""), findings);
                assertFalse(point.path("valid").asBoolean(), findings);
                assertTrue(notMeasured(point.path("cpu").path("brokerCores")), "the forwarder is not the broker: "
                        + point.path("cpu"));

                Jmsbench.Result named = Jmsbench.run(work, Duration.ofSeconds(80), "run", scenario.toString(),
                        "--out", work.resolve("named").toString(), "--broker-pid",
                        Long.toString(broker.process().pid()));
                assertEquals(0, named.exit(), named.stdout() + named.stderr());
                JsonNode measured = Reports.read(Reports.onlyRunDirectory(work.resolve("named"), "forwarded"))
                        .path("points").get(0);
                JsonNode brokerProcess = measured.path("environment").path("broker").path("process");
                assertEquals(broker.process().pid(), brokerProcess.path("pid").asLong(), brokerProcess.toString());
                assertEquals("named", brokerProcess.path("kind").asText(), brokerProcess.toString());
                assertTrue(brokerProcess.path("looksLike").asText().startsWith("jmsbench broker"), brokerProcess.toString());
                assertTrue(measured.path("cpu").path("brokerCores").asDouble() > 0, measured.path("cpu").toString());
                assertFalse(measured.path("findings").toString().contains("BROKER_PROCESS_NOT_A_BROKER"),
                        measured.path("findings").toString());
            } finally {
                socat.destroy();
                if (!socat.waitFor(10, TimeUnit.SECONDS)) {
                    socat.destroyForcibly();
                }
            }
        }
    }

    private static boolean notMeasured(JsonNode cores) {
        return cores.isNull() || cores.isMissingNode() || Double.isNaN(cores.asDouble());
    }
}
