package io.jmsbench.system;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(30)
class DiskBenchmarkTest {

    @Test
    void measuresEachPhaseAndRemovesItsFile(@TempDir Path dir) throws Exception {
        DiskBenchmark.Result r = DiskBenchmark.run(dir, 4096, 1 << 20, Duration.ofMillis(200));
        assertEquals(4096, r.blockSize());
        assertEquals(1 << 20, r.fileSize());
        for (DiskBenchmark.Phase p : new DiskBenchmark.Phase[] {r.writes(), r.syncWrites(), r.reads()}) {
            assertTrue(p.operations() > 0, p.toString());
            assertTrue(p.seconds() >= 0.2, p.toString());
            assertEquals(p.operations() * 4096.0 / (1024 * 1024) / p.seconds(), p.megabytesPerSecond(), 1e-9);
        }
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(0, left.count(), "the benchmark file is removed");
        }
    }
}
