package io.jmsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.jmsbench.agent.AgentServer;
import io.jmsbench.agent.ReadyFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code jmsbench token}, and an agent whose token file is replaced while it serves. */
@Timeout(60)
class TokenTest {

    private static final String OLD = "old-token-0123456789abcdef";
    private static final String NEW = "new-token-0123456789abcdef";
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private record Outcome(int exit, String out, String err) {
    }

    private static Outcome jmsbench(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = Main.commandLine().setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true))
                .execute(args);
        return new Outcome(exit, out.toString(), err.toString());
    }

    @Test
    void tokenCreatesAFileOnlyItsOwnerReadsAndPrintsTheSameTokenEveryTime(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("sub/token");

        Outcome first = jmsbench("token", "--token-file", file.toString());
        Outcome second = jmsbench("token", "--token-file", file.toString());

        assertEquals(ExitCodes.OK, first.exit(), first.err());
        assertEquals("jmsbench token: generated a new token into " + file + " (mode 0600)\n", first.err());
        String token = first.out().strip();
        assertTrue(token.matches("[0-9a-f]{48}"), token);
        assertEquals(token, Files.readString(file).strip());
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertEquals(new Outcome(ExitCodes.OK, token + "\n", ""), second, "an existing token is printed, not replaced");
    }

    @Test
    void anAgentRequiringItsTokenRefusesToStartWithoutOne(@TempDir Path dir) {
        Path file = dir.resolve("token");

        Outcome refused = jmsbench("agent", "--role", "monitor", "--require-token", "--token-file", file.toString());

        assertEquals(ExitCodes.BAD_INPUT, refused.exit());
        assertEquals("jmsbench agent: no token: " + file + " does not exist (--require-token); create it with "
                + "'jmsbench token --token-file " + file + "' on the controller's machine, or copy the controller's "
                + "token file here\n", refused.err());
        assertFalse(Files.exists(file), "nothing created");
    }

    @Test
    void anAgentWhoseTokenFileIsReplacedAcceptsTheNewTokenAndRefusesTheOld(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("token");
        write(file, OLD, dir);
        Path ready = dir.resolve("ready.json");
        StringWriter out = new StringWriter();
        AtomicInteger exit = new AtomicInteger(-1);
        Thread agent = new Thread(() -> exit.set(Main.commandLine().setOut(new PrintWriter(out, true))
                .execute("agent", "--role", "monitor", "--token-file", file.toString(), "--ready-file",
                        ready.toString())), "test-agent");
        agent.start();
        JsonNode serving = ReadyFile.await(ready, Duration.ofSeconds(20), agent::isAlive);
        assertNotNull(serving, "agent ready: " + out);
        URI base = URI.create(serving.get("url").asText());
        try {
            assertEquals(200, info(base, OLD), "the token it started with");

            write(file, NEW, dir);

            assertEquals(401, info(base, OLD), "the replaced token");
            assertEquals(200, info(base, NEW), "the token copied over it");
            assertTrue(out.toString().contains("token file " + file + " changed: its new token is in force, the "
                    + "previous one is refused"), out.toString());
        } finally {
            HTTP.send(HttpRequest.newBuilder(base.resolve("/shutdown")).header("Authorization", "Bearer " + NEW)
                    .header(AgentServer.LEASE_HEADER, "test").timeout(Duration.ofSeconds(5))
                    .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
            agent.join(Duration.ofSeconds(30).toMillis());
        }
        assertFalse(agent.isAlive(), "the agent stopped");
        assertEquals(ExitCodes.OK, exit.get());
    }

    @Test
    void aTokenFileThatBecomesUnusableLeavesThePreviousTokenInForce(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("token");
        write(file, OLD, dir);
        StringWriter said = new StringWriter();
        TokenFile token = TokenFile.open(file, line -> said.append(line).append('\n'));

        Files.writeString(file, "short\n");
        assertEquals(OLD, token.get());
        assertEquals(OLD, token.get(), "said once");
        write(file, NEW, dir);
        assertEquals(NEW, token.get());

        assertEquals("token file " + file + " holds 5 characters; expected a token of at least 16; the previous "
                + "token stays in force\ntoken file " + file + " changed: its new token is in force, the previous "
                + "one is refused\n", said.toString());
        assertNotEquals(OLD, token.get());
    }

    @Test
    void aTokenCopiedIntoTheSameFileKeepingItsTimeAndSizeIsStillSeen(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("token");
        write(file, OLD, dir);
        TokenFile token = TokenFile.open(file, line -> { });
        FileTime modified = Files.getLastModifiedTime(file);
        Thread.sleep(20); // a change time apart from the first write's, on a file system of coarse clocks

        Files.writeString(file, NEW + "\n"); // same inode, same length, as scp -p writes it
        Files.setLastModifiedTime(file, modified);

        assertEquals(NEW, token.get());
    }

    /** As a copy from another machine lands: a new file moved over the old one, mode 0600. */
    private static void write(Path file, String token, Path dir) throws Exception {
        Path tmp = Files.createTempFile(dir, "token", ".tmp",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.writeString(tmp, token + "\n");
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private static int info(URI base, String token) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(base.resolve("/info")).header("Authorization", "Bearer " + token)
                .timeout(Duration.ofSeconds(5)).GET().build(), HttpResponse.BodyHandlers.ofString()).statusCode();
    }
}
