package io.jmsbench.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * An agent's token file, looked at on every request: when its modification or change time, size
 * or inode changes (a token copied over it from the controller's machine), the new token is used
 * from the next request on and the old one is refused. The change time counts because a copy
 * that keeps the source's modification time ({@code scp -p}) into the same inode may leave the
 * rest as it was. Looking costs a {@code stat} per request. A file that cannot be used (removed,
 * half written, readable by others) leaves the previous token in force, said once, and is tried
 * again on the next request.
 */
final class TokenFile implements Supplier<String> {

    private record Version(Object modified, Object changed, long size, Object fileKey) {
    }

    /** The change time, in the JDK's unix attribute view; a file system without the view goes without it. */
    private static final String UNIX_CHANGE_TIME = "unix:ctime";

    private final Path path;
    private final Consumer<String> say;
    private Version version;
    private String token;
    private String lastProblem;

    private TokenFile(Path path, Consumer<String> say) {
        this.path = path;
        this.say = say;
    }

    /** Reads {@code path} now: a file that cannot be used refuses the agent's start. */
    static TokenFile open(Path path, Consumer<String> say) throws Tokens.TokenProblem {
        TokenFile file = new TokenFile(path, say);
        file.version = file.versionNow();
        file.token = Tokens.read(path);
        return file;
    }

    @Override
    public synchronized String get() {
        Version now = versionNow();
        if (Objects.equals(now, version)) {
            return token;
        }
        try {
            String read = Tokens.read(path);
            if (!read.equals(token)) {
                say.accept("token file " + path + " changed: its new token is in force, the previous one is refused");
            }
            token = read;
            version = now;
            lastProblem = null;
        } catch (Tokens.TokenProblem e) {
            if (!e.getMessage().equals(lastProblem)) {
                say.accept(e.getMessage() + "; the previous token stays in force");
                lastProblem = e.getMessage();
            }
        }
        return token;
    }

    private Version versionNow() {
        try {
            BasicFileAttributes a = Files.readAttributes(path, BasicFileAttributes.class);
            Object changed;
            try {
                changed = Files.getAttribute(path, UNIX_CHANGE_TIME);
            } catch (UnsupportedOperationException | IllegalArgumentException e) {
                changed = null;
            }
            return new Version(a.lastModifiedTime(), changed, a.size(), a.fileKey());
        } catch (IOException e) {
            return null; // gone: reading it says so
        }
    }
}
