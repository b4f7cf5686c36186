package io.jmsbench.scenario;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Where a password is, never the password itself: {@code env:NAME} (an environment variable of
 * the process that resolves it) or {@code file:PATH} (the whole file, less the line break an editor
 * or {@code echo} leaves at its end). Scenarios and options hold references, so every report can
 * copy them; only the controller or the broker command resolves them.
 */
public final class SecretReference {

    public static final Pattern PATTERN = Pattern.compile("env:[A-Za-z_][A-Za-z0-9_]*|file:\\S.*");

    private SecretReference() {
    }

    /** Why a reference gave no password, in one sentence starting with the {@code label} it was given under. */
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
     * given. A plain value is refused without being repeated.
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
            return Files.readString(file, StandardCharsets.UTF_8).replaceFirst("\\R\\z", "");
        } catch (IOException e) {
            throw new Unresolved(label + ": the file " + file + " could not be read (" + e.getClass().getSimpleName()
                    + ")");
        }
    }
}
