package io.jmsbench.scenario.read;

import io.jmsbench.scenario.Defaults;
import io.jmsbench.scenario.Distribution;
import io.jmsbench.scenario.MessageSpec.MessageType;
import io.jmsbench.scenario.MessageSpec;
import io.jmsbench.text.Quoted;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Reads {@code message.size}: a number of bytes as before, a {@link Distribution} of them, or
 * {@code {files: FOLDER}}, whose files are the bodies (a folder relative to the scenario file).
 */
final class MessageSizeReader {

    static final String FILES = "files";
    static final DistributionReader.Unit BYTES = DistributionReader.Unit.bytes("size", 1, Defaults.MAX_MESSAGE_SIZE);
    private static final String FIXED = "a whole number from 0 to " + Defaults.MAX_MESSAGE_SIZE;

    /** What {@code message.size} says: {@code size} the fixed or the mean size, rounded (see {@link MessageSpec}). */
    record Sizes(int size, Distribution sizes, String files) {
    }

    private MessageSizeReader() {
    }

    static Sizes read(Fields f, MessageType type) {
        if (!f.nested().isMapping("size")) {
            return new Sizes(f.integer("size", Defaults.MESSAGE_SIZE, 0, Defaults.MAX_MESSAGE_SIZE), null, null);
        }
        Fields m = f.nested().mappingOrText("size", () -> ValueSchemas.integer(FIXED, 0, Defaults.MAX_MESSAGE_SIZE)
                .put("default", Defaults.MESSAGE_SIZE));
        boolean hasFiles = m.has(FILES);
        String folder = m.string(FILES, null, () -> ValueSchemas.text("a folder whose files are the message bodies "
                + "(relative to the scenario file's folder)"));
        Distribution sizes = DistributionReader.kinds(m, BYTES, List.of(FILES), hasFiles ? 1 : 0);
        m.finish();
        if (folder != null && sizes == null) {
            return files(m, folder, type);
        }
        if (sizes == null) {
            return new Sizes(Defaults.MESSAGE_SIZE, null, null);
        }
        long most = Defaults.SIZE_TABLE_BYTES / Defaults.SIZE_TABLE_MIN_LENGTH;
        if (sizes.mean() > most) {
            m.problem("expected sizes whose mean is at most " + most + " bytes (each client prepares at least "
                    + Defaults.SIZE_TABLE_MIN_LENGTH + " of them, in at most " + Defaults.SIZE_TABLE_BYTES
                    + " bytes), found a mean of " + Math.round(sizes.mean()));
        }
        return new Sizes((int) Math.min(Defaults.MAX_MESSAGE_SIZE, Math.round(sizes.mean())), sizes, null);
    }

    /** {@code folder} relative to the scenario file's folder; {@code null} when it is no path (a NUL in it). */
    private static Path folder(String scenarioFile, String folder) {
        try {
            Path source = Path.of(scenarioFile).toAbsolutePath().getParent();
            return (source == null ? Path.of(folder) : source.resolve(folder)).toAbsolutePath().normalize();
        } catch (InvalidPathException e) {
            return null;
        }
    }

    private static Sizes files(Fields m, String folder, MessageType type) {
        if (type == MessageType.MAP) {
            m.problem(FILES, "expected type bytes or text with files (a map message's body is named entries, "
                    + "not a file's bytes), found type map");
        }
        Path dir = folder.isBlank() ? null : folder(m.tree().source(), folder);
        if (dir == null) {
            m.problem(FILES, "expected a folder of message bodies (relative to the scenario file's folder), found "
                    + (folder.isBlank() ? Kinds.of(m.node().get(FILES)) : Quoted.value(folder) + ", which is no path"));
            return new Sizes(Defaults.MESSAGE_SIZE, null, null);
        }
        if (!Files.isDirectory(dir)) {
            m.problem(FILES, "expected a folder of message bodies (relative to the scenario file's folder), found "
                    + "no folder at " + dir);
            return new Sizes(Defaults.MESSAGE_SIZE, null, null);
        }
        int count = 0;
        long total = 0;
        try (Stream<Path> listed = Files.list(dir)) {
            Iterator<Path> it = listed.filter(Files::isRegularFile).iterator();
            while (it.hasNext() && count <= Defaults.MAX_SIZE_FILES) {
                long bytes = Files.size(it.next());
                count++;
                total += bytes;
            }
        } catch (IOException e) {
            m.problem(FILES, "expected a readable folder of message bodies, found " + dir + " unreadable: "
                    + e.getMessage());
            return new Sizes(Defaults.MESSAGE_SIZE, null, null);
        }
        if (count == 0) {
            m.problem(FILES, "expected at least one file in " + dir + ", found none");
        } else if (count > Defaults.MAX_SIZE_FILES) {
            m.problem(FILES, "expected at most " + Defaults.MAX_SIZE_FILES + " files (each is a prepared message per "
                    + "client), found more in " + dir);
        } else if (total > Defaults.MAX_SIZE_FILES_BYTES) {
            m.problem(FILES, "expected at most " + Defaults.MAX_SIZE_FILES_BYTES + " bytes of files in all (they "
                    + "travel to each agent in its plan), found " + total + " in " + dir);
        }
        return new Sizes(count == 0 ? 0 : (int) Math.min(Defaults.MAX_MESSAGE_SIZE, Math.round((double) total / count)),
                null, dir.toString());
    }
}
