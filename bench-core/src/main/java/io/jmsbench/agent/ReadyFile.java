package io.jmsbench.agent;

import com.fasterxml.jackson.databind.JsonNode;
import io.jmsbench.protocol.Json;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * The small JSON file a child JVM writes once it serves (its address, pid): written to a temp
 * name and renamed, so a reader never sees half of it.
 */
public final class ReadyFile {

    private ReadyFile() {
    }

    public static void write(Path file, Object content) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(tmp, Json.MAPPER.writeValueAsString(content));
        Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    /**
     * Waits for {@code file} to appear; {@code null} when {@code alive} turns false or the timeout
     * passes first.
     */
    public static JsonNode await(Path file, Duration timeout, BooleanSupplier alive) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (Files.exists(file)) {
                return Json.MAPPER.readTree(file.toFile());
            }
            if (!alive.getAsBoolean()) {
                return Files.exists(file) ? Json.MAPPER.readTree(file.toFile()) : null;
            }
            Thread.sleep(20);
        }
        return null;
    }
}
