package io.jmsbench.cli;

import io.jmsbench.scenario.read.ScenarioLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The field reference's rows for sizes say what the loader does with them: a bare number is megabytes. */
@Timeout(30)
class SizeFieldRowsTest {

    private static long memoryLimit(String value) throws Exception {
        return ScenarioLoader.parse("""
                name: sizes
                broker: {embedded: activemq, memoryLimit: %s}
                destination: {type: topic, name: t}
                publishers: {clients: 1, rate: 100}
                subscribers:
                  - {clients: 1}
                phases: {warmup: 1s, measure: 5s, drain: 5s}
                """.formatted(value), "sizes.yaml", "sizes", List.of()).broker().tuning().memoryLimitMb();
    }

    @Test
    void theMemoryLimitRowSaysABareNumberIsMegabytesAndKilobytesRoundUp() throws Exception {
        assertEquals(64, memoryLimit("64"));
        assertEquals(64, memoryLimit("64MB"));
        assertEquals(1, memoryLimit("512KB"));
        assertEquals(2048, memoryLimit("2gb"));

        String row = ScenarioFieldsReference.markdown().lines().filter(l -> l.startsWith("| `memoryLimit` |"))
                .findFirst().orElseThrow();
        assertEquals("| `memoryLimit` | a whole number from 1 to 1,099,511,627,775; or text | `64` | a size in "
                + "megabytes: a whole number of MB (64 is 64MB), or 64MB, 512KB (rounded up to a whole MB) or 2GB |",
                row);
        assertTrue(ScenarioFieldsReference.markdown().contains("| `storeLimit` | a whole number from 1 to "
                + "1,099,511,627,775; or text | — | a size in megabytes: "));
    }
}
