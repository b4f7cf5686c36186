package io.jmsbench.scenario;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Where a secret is, never the secret itself: {@code env:NAME} (an environment variable of the
 * process that resolves it) or {@code file:PATH} (the whole file, less the line break an editor or
 * {@code echo} leaves at its end). Scenarios and options hold references, so every report can copy
 * them; only the controller or the broker command resolves them. One policy for every file that
 * holds a secret, a {@code file:} reference, {@code --broker-credentials} or a token file alike:
 * nobody but its owner may read or write it ({@link #checkPrivate}).
 */
public final class SecretReference {

    public static final Pattern PATTERN = Pattern.compile("env:[A-Za-z_][A-Za-z0-9_]*|file:\\S.*");
    private static final Set<PosixFilePermission> READ_BY_OTHERS = Set.of(PosixFilePermission.GROUP_READ,
            PosixFilePermission.OTHERS_READ);
    private static final Set<PosixFilePermission> WRITTEN_BY_OTHERS = Set.of(PosixFilePermission.GROUP_WRITE,
            PosixFilePermission.OTHERS_WRITE);

    private SecretReference() {
    }

    /** Why a reference gave no secret, in one sentence starting with the {@code label} it was given under. */
    public static final class Unresolved extends Exception {
        Unresolved(String message) {
            super(message);
        }
    }

    public static boolean isReference(String text) {
        return text != null && PATTERN.matcher(text).matches();
    }

    /**
     * The password {@code reference} names ({@code null} for none); {@code label} names where it was
     * given. A plain value is refused without being repeated, and so is a file others can read or write.
     */
    public static String resolve(String label, String reference, Map<String, String> env) throws Unresolved {
        if (reference == null) {
            return null;
        }
        if (!isReference(reference)) {
            throw new Unresolved(label + ": expected env:NAME or file:PATH, found a plain value: a password is "
                    + "never given in the open");
        }
        if (reference.startsWith("env:")) {
            String name = reference.substring("env:".length());
            String value = env.get(name);
            if (value == null) {
                throw new Unresolved(label + ": the environment variable " + name + " is not set");
            }
            return value;
        }
        Path file = Path.of(reference.substring("file:".length()));
        try {
            checkPrivate(label + ":", file);
            return Files.readString(file, StandardCharsets.UTF_8).replaceFirst("\\R\\z", "");
        } catch (IOException e) {
            throw new Unresolved(label + ": the file " + file + " could not be read (" + e.getClass().getSimpleName()
                    + ")");
        }
    }

    /**
     * Refuses a file holding a secret that anyone but its owner can read or write (mode 600 passes),
     * in a sentence starting with {@code named} and the file: "token file /x can be read by others;
     * chmod 600 it". A file system without POSIX permissions is not checked.
     *
     * @throws IOException when the file's permissions cannot be read (it is missing, say)
     */
    public static void checkPrivate(String named, Path file) throws Unresolved, IOException {
        Set<PosixFilePermission> mode;
        try {
            mode = Files.getPosixFilePermissions(file);
        } catch (UnsupportedOperationException e) {
            return;
        }
        boolean read = mode.stream().anyMatch(READ_BY_OTHERS::contains);
        boolean written = mode.stream().anyMatch(WRITTEN_BY_OTHERS::contains);
        if (read || written) {
            throw new Unresolved(named + " " + file + " can be " + (read && written ? "read or written"
                    : read ? "read" : "written") + " by others; chmod 600 it");
        }
    }
}
