package io.jmsbench.cli;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Where the bearer token of the control channel comes from: a file given on the command line, else
 * the {@code JMSBENCH_TOKEN} environment variable, else {@code ~/.jmsbench/token}. An agent creates
 * a missing file with a new random token, readable by its owner only; nobody accepts a token file
 * that others can read.
 */
final class Tokens {

    static final class TokenProblem extends Exception {
        TokenProblem(String message) {
            super(message);
        }
    }

    private static final Set<PosixFilePermission> OTHERS = Set.of(PosixFilePermission.GROUP_READ,
            PosixFilePermission.GROUP_WRITE, PosixFilePermission.OTHERS_READ, PosixFilePermission.OTHERS_WRITE);

    private Tokens() {
    }

    static Path defaultFile() {
        return Path.of(System.getProperty("user.home"), ".jmsbench", "token");
    }

    /** The agent's token; creates the file (announcing it through {@code say}) when it does not exist. */
    static String forAgent(Path file, String env, Consumer<String> say) throws TokenProblem {
        if (file == null && env != null && !env.isBlank()) {
            return env.strip();
        }
        Path path = file != null ? file : defaultFile();
        if (!Files.exists(path)) {
            create(path);
            say.accept("generated a new token into " + path + " (mode 0600); give the controller the same file "
                    + "(run --token-file)");
        }
        return read(path);
    }

    /** The controller's token for remote agents; the file must exist. */
    static String forController(Path file, String env) throws TokenProblem {
        if (file == null && env != null && !env.isBlank()) {
            return env.strip();
        }
        Path path = file != null ? file : defaultFile();
        if (!Files.exists(path)) {
            throw new TokenProblem("no token for the remote agents: " + path + " does not exist; copy the token file "
                    + "an agent generated, and give it with --token-file FILE (or set " + AgentCommand.TOKEN_ENV + ")");
        }
        return read(path);
    }

    private static String read(Path path) throws TokenProblem {
        if (Files.isDirectory(path)) {
            throw new TokenProblem("token file " + path + ": expected a file, found a directory");
        }
        try {
            try {
                Set<PosixFilePermission> mode = Files.getPosixFilePermissions(path);
                if (mode.stream().anyMatch(OTHERS::contains)) {
                    throw new TokenProblem("token file " + path + " can be read or written by others (mode "
                            + PosixFilePermissions.toString(mode) + "); chmod 600 it");
                }
            } catch (UnsupportedOperationException e) {
                // not a POSIX file system: nothing to check
            }
            String token = Files.readString(path).strip();
            if (token.length() < 16) {
                throw new TokenProblem("token file " + path + " holds " + token.length()
                        + " characters; expected a token of at least 16");
            }
            return token;
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
