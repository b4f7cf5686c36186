package io.jmsbench.cli;

import io.jmsbench.scenario.SecretReference;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Where the bearer token of the control channel comes from: a file given on the command line, else
 * the {@code JMSBENCH_TOKEN} environment variable, else {@code ~/.jmsbench/token}. {@code jmsbench
 * token} and an agent create a missing file with a new random token, readable by its owner only
 * (an agent started with {@code --require-token} refuses to instead); nobody accepts a token file
 * that others can read or write ({@link SecretReference#checkPrivate}). An agent reads its file
 * again whenever it changes ({@link TokenFile}).
 */
final class Tokens {

    static final class TokenProblem extends Exception {
        TokenProblem(String message) {
            super(message);
        }
    }

    private Tokens() {
    }

    static Path defaultFile() {
        return Path.of(System.getProperty("user.home"), ".jmsbench", "token");
    }

    /**
     * The agent's token, asked for on every request: the environment's, fixed, or its file's, read
     * again when the file changes. A missing file is created (announced through {@code say}), or
     * refused when {@code require}.
     */
    static Supplier<String> forAgent(Path file, String env, boolean require, Consumer<String> say)
            throws TokenProblem {
        if (file == null && env != null && !env.isBlank()) {
            String token = env.strip();
            return () -> token;
        }
        Path path = file != null ? file : defaultFile();
        if (!Files.exists(path)) {
            if (require) {
                throw new TokenProblem("no token: " + path + " does not exist (--require-token); create it with '"
                        + command(file) + "' on the controller's machine, or copy the controller's token file here");
            }
            create(path);
            say.accept("generated a new token into " + path + " (mode 0600); the controller needs the same token: "
                    + "copy this file to it, or copy the controller's over it (the agent reads it again when it "
                    + "changes)");
        }
        return TokenFile.open(path, say);
    }

    /** The token of {@code file} (the default file when {@code null}), created first when missing. */
    static Created orCreate(Path file) throws TokenProblem {
        Path path = file != null ? file : defaultFile();
        boolean created = !Files.exists(path);
        if (created) {
            create(path);
        }
        return new Created(path, read(path), created);
    }

    /** A token file's path, its token, and whether it was just created. */
    record Created(Path path, String token, boolean created) {
    }

    /** The controller's token for remote agents; the file must exist. */
    static String forController(Path file, String env) throws TokenProblem {
        if (file == null && env != null && !env.isBlank()) {
            return env.strip();
        }
        Path path = file != null ? file : defaultFile();
        if (!Files.exists(path)) {
            throw new TokenProblem("no token for the remote agents: " + path + " does not exist; create it with '"
                    + command(file) + "' and copy it to every agent's machine (or set " + AgentCommand.TOKEN_ENV + ")");
        }
        return read(path);
    }

    /** The command that creates {@code file}'s token ({@code null}: the default file). */
    static String command(Path file) {
        return "jmsbench token" + (file == null ? "" : " --token-file " + file);
    }

    static String read(Path path) throws TokenProblem {
        if (Files.isDirectory(path)) {
            throw new TokenProblem("token file " + path + ": expected a file, found a directory");
        }
        try {
            SecretReference.checkPrivate("token file", path);
            String token = Files.readString(path).strip();
            if (token.length() < 16) {
                throw new TokenProblem("token file " + path + " holds " + token.length()
                        + " characters; expected a token of at least 16");
            }
            return token;
        } catch (SecretReference.Unresolved e) {
            throw new TokenProblem(e.getMessage());
        } catch (IOException e) {
            throw new TokenProblem("cannot read token file " + path + ": " + e.getMessage());
        }
    }

    private static void create(Path path) throws TokenProblem {
        Path parent = path.toAbsolutePath().getParent();
        try {
            if (parent != null) {
                Files.createDirectories(parent);
            }
        } catch (FileAlreadyExistsException e) {
            throw new TokenProblem("token file " + path + ": expected a file in a directory, found the file "
                    + e.getFile() + " on its path");
        } catch (IOException e) {
            throw new TokenProblem("cannot create token file " + path + ": " + e.getMessage());
        }
        try {
            Files.createFile(path, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Files.writeString(path, HexFormat.of().formatHex(randomBytes()) + "\n");
        } catch (FileAlreadyExistsException e) {
            // another agent on this host created it first: use theirs
        } catch (IOException e) {
            throw new TokenProblem("cannot create token file " + path + ": " + e.getMessage());
        }
    }

    private static byte[] randomBytes() {
        byte[] bytes = new byte[24];
        new SecureRandom().nextBytes(bytes);
        return bytes;
    }
}
