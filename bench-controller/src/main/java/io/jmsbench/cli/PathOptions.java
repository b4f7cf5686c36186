package io.jmsbench.cli;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The checks a command makes of the paths its options name before it starts anything, so that a
 * path it cannot use is refused in one sentence instead of failing halfway, with a file written.
 * Permissions are asked of the file system; as root they seldom refuse, a path under a file always.
 */
final class PathOptions {

    private PathOptions() {
    }

    /** A file to read: absent is refused only when {@code required}. */
    static void input(String option, Path file, boolean required) throws BadInput {
        if (file == null) {
            return;
        }
        if (Files.isDirectory(file)) {
            throw new BadInput(option + " " + file + ": expected a file, found a directory");
        }
        if (required && !Files.exists(file)) {
            throw new BadInput(option + " " + file + ": no such file");
        }
    }

    /** A file to write; its directory must exist unless {@code createsDirectories}. */
    static void outputFile(String option, Path file, boolean createsDirectories) throws BadInput {
        if (file == null) {
            return;
        }
        if (Files.isDirectory(file)) {
            throw new BadInput(option + " " + file + ": expected a file, found a directory");
        }
        Path parent = file.toAbsolutePath().getParent();
        writableAncestor(option, file, parent, "a file it can write");
        if (!createsDirectories && parent != null && !Files.exists(parent)) {
            throw new BadInput(option + " " + file + ": expected a file in an existing directory, found no directory "
                    + parent);
        }
    }

    /** A directory to write in, created (with its parents) when it does not exist. */
    static void outputDirectory(String option, Path directory) throws BadInput {
        if (directory == null) {
            return;
        }
        if (Files.exists(directory) && !Files.isDirectory(directory)) {
            throw new BadInput(option + " " + directory + ": expected a directory, found a file");
        }
        writableAncestor(option, directory, directory.toAbsolutePath(), "a directory it can write in");
    }

    /** The nearest existing one of {@code from} and its parents must be a directory this user can write in. */
    private static void writableAncestor(String option, Path path, Path from, String expected) throws BadInput {
        Path existing = from;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            return;
        }
        if (!Files.isDirectory(existing)) {
            throw new BadInput(option + " " + path + ": expected " + expected + ", found the file " + existing
                    + " on its path");
        }
        if (!Files.isWritable(existing)) {
            throw new BadInput(option + " " + path + ": expected " + expected + ", found " + existing
                    + " not writable by this user");
        }
    }
}
