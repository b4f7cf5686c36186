package io.jmsbench.scenario;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SecretReferenceTest {

    @Test
    void anEnvironmentReferenceReadsItsVariable() throws Exception {
        assertEquals("s3", SecretReference.resolve("x", "env:PW", Map.of("PW", "s3")));
        assertNull(SecretReference.resolve("x", null, Map.of()));
    }

    /** A file only its owner reads and writes, as every file with a secret must be. */
    private static Path secretFile(Path file, String text) throws Exception {
        Files.writeString(file, text);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        return file;
    }

    @Test
    void aFileReferenceKeepsEveryCharacterButTheLastLineBreak(@TempDir Path dir) throws Exception {
        Path file = secretFile(dir.resolve("pw"), " s3 cret \n");
        assertEquals(" s3 cret ", SecretReference.resolve("x", "file:" + file, Map.of()));
        secretFile(file, "two\nlines\r\n");
        assertEquals("two\nlines", SecretReference.resolve("x", "file:" + file, Map.of()));
    }

    @Test
    void eachMistakeIsOneSentenceThatNeverRepeatsAPlainPassword(@TempDir Path dir) {
        assertEquals("broker.management.password: the environment variable PW is not set",
                assertThrows(SecretReference.Unresolved.class,
                        () -> SecretReference.resolve("broker.management.password", "env:PW", Map.of())).getMessage());
        assertEquals("x: the file " + dir.resolve("none") + " could not be read (NoSuchFileException)",
                assertThrows(SecretReference.Unresolved.class,
                        () -> SecretReference.resolve("x", "file:" + dir.resolve("none"), Map.of())).getMessage());
        String plain = assertThrows(SecretReference.Unresolved.class,
                () -> SecretReference.resolve("--tls-keystore-password", "s3cret", Map.of())).getMessage();
        assertFalse(plain.contains("s3cret"), plain);
    }

    @Test
    void onlyEnvAndFileAreReferences() {
        assertTrue(SecretReference.isReference("env:A_1"));
        assertTrue(SecretReference.isReference("file:/run/secrets/pw"));
        assertFalse(SecretReference.isReference("env:1A"));
        assertFalse(SecretReference.isReference("file: leading-space"));
        assertFalse(SecretReference.isReference("hunter2"));
    }

    @Test
    void aFileReferenceOthersCanReadOrWriteIsRefusedAsEverySecretFileIs(@TempDir Path dir) throws Exception {
        Path file = secretFile(dir.resolve("pw"), "s3cret\n");
        for (String mode : List.of("rw-r-----", "rw----r--", "rw-r--r--")) {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(mode));
            assertEquals("broker.tls.keyStorePassword: " + file + " can be read by others; chmod 600 it",
                    assertThrows(SecretReference.Unresolved.class, () -> SecretReference.resolve(
                            "broker.tls.keyStorePassword", "file:" + file, Map.of())).getMessage(), mode);
        }
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw--w----"));
        assertEquals("x: " + file + " can be written by others; chmod 600 it", assertThrows(
                SecretReference.Unresolved.class, () -> SecretReference.resolve("x", "file:" + file, Map.of()))
                .getMessage());
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-rw-rw-"));
        assertEquals("token file " + file + " can be read or written by others; chmod 600 it", assertThrows(
                SecretReference.Unresolved.class, () -> SecretReference.checkPrivate("token file", file))
                .getMessage());
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("r--------"));
        assertEquals("s3cret", SecretReference.resolve("x", "file:" + file, Map.of()), "its owner's alone");
    }
}
