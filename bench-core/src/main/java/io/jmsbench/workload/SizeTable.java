package io.jmsbench.workload;

import io.jmsbench.scenario.Defaults;
import io.jmsbench.scenario.Distribution;
import io.jmsbench.scenario.MessageSpec;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The sizes a publisher client sends round robin when {@code message.size} varies, one prepared
 * message each: drawn from the distribution with {@link Defaults#SIZE_SEED}, so every run and every
 * agent draws the same table, or the files' own sizes (in file name order) with their bytes as
 * {@code bodies} ({@code null} for drawn sizes).
 */
public record SizeTable(int[] sizes, List<byte[]> bodies, long seed) {

    /** The table for {@code message}; {@code null} when every message has its one size. */
    public static SizeTable of(MessageSpec message) {
        if (message.files() != null) {
            List<byte[]> bodies = files(Path.of(message.files()));
            int[] sizes = bodies.stream().mapToInt(b -> b.length).toArray();
            return new SizeTable(sizes, bodies, 0);
        }
        Distribution d = message.sizes();
        if (d == null || d.min() == d.max()) {
            return null;
        }
        long[] drawn = d.table(length(d), Defaults.SIZE_SEED);
        int[] sizes = new int[drawn.length];
        for (int i = 0; i < drawn.length; i++) {
            sizes[i] = Math.toIntExact(drawn[i]);
        }
        return new SizeTable(sizes, null, Defaults.SIZE_SEED);
    }

    /**
     * How many sizes to draw: {@link Defaults#SIZE_TABLE_LENGTH}, fewer when their expected bytes
     * would pass {@link Defaults#SIZE_TABLE_BYTES} (the reader refuses a mean that leaves fewer than
     * {@link Defaults#SIZE_TABLE_MIN_LENGTH}).
     */
    public static int length(Distribution d) {
        long fit = (long) (Defaults.SIZE_TABLE_BYTES / Math.max(1.0, d.mean()));
        return (int) Math.max(Defaults.SIZE_TABLE_MIN_LENGTH, Math.min(Defaults.SIZE_TABLE_LENGTH, fit));
    }

    /**
     * Where client {@code clientId} starts in a round robin of {@code length} messages: clients
     * start apart, so that together they send every message about equally often.
     */
    public static int start(String clientId, int length) {
        return Math.floorMod(clientId.hashCode(), length);
    }

    /**
     * How often each entry of a round robin of {@code length} was sent by a client that started at
     * {@code start} and sent {@code sent} messages, added to {@code counts}.
     */
    public static void addSent(long[] counts, int start, long sent) {
        int length = counts.length;
        long rounds = sent / length;
        int rest = (int) (sent % length);
        for (int i = 0; i < length; i++) {
            counts[i] += rounds + (Math.floorMod(i - start, length) < rest ? 1 : 0);
        }
    }

    /** The mean size of {@code counts[i]} messages of {@code sizes[i]} each; NaN for none. */
    public double mean(long[] counts) {
        double bytes = 0;
        long messages = 0;
        for (int i = 0; i < sizes.length; i++) {
            bytes += (double) sizes[i] * counts[i];
            messages += counts[i];
        }
        return messages == 0 ? Double.NaN : bytes / messages;
    }

    private static List<byte[]> files(Path dir) {
        try (Stream<Path> listed = Files.list(dir)) {
            List<byte[]> bodies = new ArrayList<>();
            for (Path file : listed.filter(Files::isRegularFile).sorted().toList()) {
                bodies.add(Files.readAllBytes(file));
            }
            return bodies;
        } catch (IOException e) {
            throw new UncheckedIOException("could not read the message bodies in " + dir, e);
        }
    }
}
