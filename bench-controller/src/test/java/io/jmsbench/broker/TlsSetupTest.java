package io.jmsbench.broker;

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

@Timeout(10)
class TlsSetupTest {

    @TempDir
    Path dir;

    @Test
    void anEnvironmentReferenceIsTheVariablesValue() throws Exception {
        assertEquals("s3", TlsSetup.password("broker.tls.trustStorePassword", "env:PW", Map.of("PW", "s3")));
        assertNull(TlsSetup.password("broker.tls.trustStorePassword", null, Map.of()));
    }

    @Test
    void aFileReferenceIsItsTextWithoutTheLastLineBreak() throws Exception {
        Path file = Files.writeString(dir.resolve("pw"), "s3 cret\n");
        // a file with a secret is its owner's alone (SecretReference.checkPrivate)
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        assertEquals("s3 cret", TlsSetup.password("x", "file:" + file, Map.of()));
    }

    @Test
    void eachMissingPieceIsOneSentence() throws Exception {
        Path missing = dir.resolve("none");
        assertEquals("broker.tls.keyStorePassword: the environment variable PW is not set",
                assertThrows(TlsSetup.Problem.class, () -> TlsSetup.password("broker.tls.keyStorePassword", "env:PW",
                        Map.of())).getMessage());
        assertEquals("x: the file " + missing + " could not be read (NoSuchFileException)",
                assertThrows(TlsSetup.Problem.class, () -> TlsSetup.password("x", "file:" + missing, Map.of()))
                        .getMessage());
        assertEquals("--tls-keystore-password: expected env:NAME or file:PATH, found a plain value: a password is "
                        + "never given in the open",
                assertThrows(TlsSetup.Problem.class, () -> TlsSetup.password("--tls-keystore-password", "s3cret",
                        Map.of())).getMessage());
    }
}
