package io.jmsbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The broker login reaches the clients and never a report, a sample or a log. */
@Timeout(180)
@SharesTheMachine
class BrokerLoginIT {

    private static final String PASSWORD = "pw-7f3a9c1e-never-written";

    @TempDir
    Path work;

    @Test
    void theBrokerPasswordAppearsInNoFileTheRunWrites() throws Exception {
        Path out = work.resolve("results");
        Jmsbench.Result result = Jmsbench.start(work, Map.of("JMSBENCH_BROKER_USER", "bench-user",
                        "JMSBENCH_BROKER_PASSWORD", PASSWORD), "run", Jmsbench.scenario("smoke.yaml").toString(),
                "--out", out.toString(), "--set", "phases.warmup=1s", "--set", "phases.measure=2s")
                .await(Duration.ofSeconds(120));

        assertEquals(0, result.exit(), result.stdout() + result.stderr());
        assertFalse((result.stdout() + result.stderr()).contains(PASSWORD));
        Path run = Reports.onlyRunDirectory(out, "smoke");
        JsonNode report = Reports.read(run);
        assertEquals("user bench-user", report.path("environment").path("providerSettings").path("login").asText(),
                "the report says who logged in");
        List<Path> files;
        try (Stream<Path> walk = Files.walk(run)) {
            files = walk.filter(Files::isRegularFile).toList();
        }
        assertTrue(files.size() >= 5, "report, samples, logs: " + files);
        for (Path file : files) {
            assertFalse(new String(Files.readAllBytes(file), java.nio.charset.StandardCharsets.ISO_8859_1)
                    .contains(PASSWORD), "the password leaked into " + file);
        }
    }

    @Test
    void aCredentialsFileOthersCanReadIsRefusedWithOneSentence() throws Exception {
        Path login = work.resolve("login.properties");
        Files.writeString(login, "user=bench-user\npassword=" + PASSWORD + "\n");
        Files.setPosixFilePermissions(login, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));

        Jmsbench.Result result = Jmsbench.run(work, Duration.ofSeconds(60), "run",
                Jmsbench.scenario("smoke.yaml").toString(), "--out", work.resolve("results").toString(),
                "--broker-credentials", login.toString());

        assertEquals(2, result.exit(), result.stdout() + result.stderr());
        assertEquals("jmsbench run: --broker-credentials: " + login + " can be read by others; chmod 600 it",
                result.stderr().strip());
        assertFalse(Files.exists(work.resolve("results")));
    }
}
