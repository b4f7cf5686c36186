package io.jmsbench.cli;

import io.jmsbench.jms.BrokerCredentials;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** {@code --broker-credentials} and the environment's login, held to the rule of every file with a secret. */
@Timeout(10)
class BrokerLoginTest {

    @TempDir
    Path dir;

    private Path login(String mode) throws Exception {
        Path file = Files.writeString(dir.resolve("login.properties"), "user=bench-user\npassword=s3cret\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(mode));
        return file;
    }

    @Test
    void aFileOnlyItsOwnerReadsGivesTheLogin() throws Exception {
        assertEquals(new BrokerCredentials("bench-user", "s3cret"), BrokerLogin.load(login("rw-------"), Map.of()));
    }

    @Test
    void theEnvironmentGivesTheLoginWithoutAFile() throws Exception {
        assertEquals(new BrokerCredentials("u", "p"), BrokerLogin.load(null,
                Map.of(BrokerLogin.USER_ENV, "u", BrokerLogin.PASSWORD_ENV, "p")));
        assertNull(BrokerLogin.load(null, Map.of()));
    }

    @Test
    void aFileOthersCanReadIsRefused() throws Exception {
        Path file = login("rw-r--r--");
        assertEquals("--broker-credentials: " + file + " can be read by others; chmod 600 it",
                assertThrows(BrokerLogin.LoginProblem.class, () -> BrokerLogin.load(file, Map.of())).getMessage());
    }

    /** New with the one policy for secret files: the token file refused this before, the login file did not. */
    @Test
    void aFileOthersCanWriteIsRefused() throws Exception {
        Path file = login("rw--w----");
        assertEquals("--broker-credentials: " + file + " can be written by others; chmod 600 it",
                assertThrows(BrokerLogin.LoginProblem.class, () -> BrokerLogin.load(file, Map.of())).getMessage());
    }
}
