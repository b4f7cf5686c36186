package io.jmsbench.system;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;

/**
 * How fast a directory's disk takes what a broker's journal asks of it, in the spirit of
 * ActiveMQ's DiskBenchmark (reference/001): writes, writes each followed by a sync (what a journal
 * with disk syncs does per batch), and reads, of a given block size into a preallocated file that
 * is rewound when full. Each phase runs for a fixed time; the file is removed afterwards.
 */
public final class DiskBenchmark {

    /** One phase: how many blocks in how long. */
    public record Phase(String name, long operations, double seconds, int blockSize) {

        public double perSecond() {
            return operations / seconds;
        }

        public double megabytesPerSecond() {
            return operations * (double) blockSize / (1024 * 1024) / seconds;
        }
    }

    /** The three phases on one path. */
    public record Result(String file, int blockSize, long fileSize, Phase writes, Phase syncWrites, Phase reads) {
    }

    private DiskBenchmark() {
    }

    public static Result run(Path directory, int blockSize, long fileSize, Duration perPhase) throws IOException {
        Files.createDirectories(directory);
        Path file = Files.createTempFile(directory, "jmsbench-disk-", ".dat");
        long blocks = Math.max(1, fileSize / blockSize);
        ByteBuffer block = ByteBuffer.allocateDirect(blockSize);
        for (int i = 0; i < blockSize; i++) {
            block.put((byte) ('a' + i % 26));
        }
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            preallocate(channel, block, blocks);
            Phase writes = write(channel, block, blocks, perPhase, false);
            Phase syncWrites = write(channel, block, blocks, perPhase, true);
            Phase reads = read(channel, block, blocks, perPhase);
            return new Result(file.toString(), blockSize, blocks * blockSize, writes, syncWrites, reads);
        } finally {
            Files.deleteIfExists(file);
        }
    }

    /** Writes the whole file once and syncs it, so the phases measure rewrites of allocated blocks. */
    private static void preallocate(FileChannel channel, ByteBuffer block, long blocks) throws IOException {
        for (long i = 0; i < blocks; i++) {
            block.rewind();
            while (block.hasRemaining()) {
                channel.write(block, i * block.capacity() + block.position());
            }
        }
        channel.force(true);
    }

    private static Phase write(FileChannel channel, ByteBuffer block, long blocks, Duration duration, boolean sync)
            throws IOException {
        long start = System.nanoTime();
        long end = start + duration.toNanos();
        long count = 0;
        long now;
        do {
            block.rewind();
            long position = (count % blocks) * block.capacity();
            while (block.hasRemaining()) {
                channel.write(block, position + block.position());
            }
            if (sync) {
                channel.force(false);
            }
            count++;
            now = System.nanoTime();
        } while (now < end);
        if (!sync) {
            channel.force(false); // the buffered writes are only done once they are on the disk
            now = System.nanoTime();
        }
        return new Phase(sync ? "sync writes" : "writes", count, (now - start) / 1e9, block.capacity());
    }

    private static Phase read(FileChannel channel, ByteBuffer block, long blocks, Duration duration) throws IOException {
        long start = System.nanoTime();
        long end = start + duration.toNanos();
        long count = 0;
        long now;
        do {
            block.clear();
            long position = (count % blocks) * block.capacity();
            while (block.hasRemaining() && channel.read(block, position + block.position()) >= 0) {
                // read the whole block
            }
            count++;
            now = System.nanoTime();
        } while (now < end);
        return new Phase("reads", count, (now - start) / 1e9, block.capacity());
    }
}
