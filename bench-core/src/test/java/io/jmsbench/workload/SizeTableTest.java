package io.jmsbench.workload;

import io.jmsbench.scenario.Defaults;
import io.jmsbench.scenario.Distribution;
import io.jmsbench.scenario.MessageSpec;
import io.jmsbench.scenario.MessageSpec.MessageType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

@Timeout(30)
class SizeTableTest {

    @TempDir
    Path dir;

    private static MessageSpec sized(Distribution sizes, String files) {
        return MessageSpec.builder().type(MessageType.BYTES).size(1024).properties(0).stamped(true).sizes(sizes, files)
                .build();
    }

    @Test
    void aVaryingSizeIsDrawnOnceWithTheRecordedSeed() {
        Distribution uniform = new Distribution.Uniform(100, 10_000);

        SizeTable table = SizeTable.of(sized(uniform, null));

        assertEquals(Defaults.SIZE_SEED, table.seed());
        assertEquals(Defaults.SIZE_TABLE_LENGTH, table.sizes().length);
        assertArrayEquals(Arrays.stream(uniform.table(Defaults.SIZE_TABLE_LENGTH, Defaults.SIZE_SEED))
                .mapToInt(Math::toIntExact).toArray(), table.sizes());
        assertNull(table.bodies(), "generated bodies");
    }

    @Test
    void oneSizeNeedsNoTable() {
        assertNull(SizeTable.of(sized(null, null)));
        assertNull(SizeTable.of(sized(new Distribution.Uniform(500, 500), null)));
    }

    @Test
    void largeSizesDrawAShorterTableSoAClientHoldsAboutTheBytesCap() {
        Distribution large = new Distribution.Uniform(100_000, 100_000 + 2);

        int length = SizeTable.length(large);

        assertEquals(Defaults.SIZE_TABLE_BYTES / 100_001, length);
        assertEquals(Defaults.SIZE_TABLE_MIN_LENGTH, SizeTable.length(new Distribution.Uniform(1, 1 << 20)),
                "never fewer than the least the reader allows");
    }

    @Test
    void filesAreTheBodiesInNameOrder() throws Exception {
        Files.writeString(dir.resolve("b.json"), "{\"b\": 22}");
        Files.writeString(dir.resolve("a.json"), "{}");
        Files.createDirectory(dir.resolve("ignored-folder"));

        SizeTable table = SizeTable.of(sized(null, dir.toString()));

        assertArrayEquals(new int[] {2, 9}, table.sizes());
        assertEquals("{}", new String(table.bodies().get(0), StandardCharsets.UTF_8));
        assertEquals(2, table.bodies().size());
    }

    @Test
    void theSentCountsFollowEachClientsRoundRobinFromItsStart() {
        long[] counts = new long[5];

        SizeTable.addSent(counts, 3, 12); // 3 4 0 1 2 | 3 4 0 1 2 | 3 4
        SizeTable.addSent(counts, 0, 1);

        assertArrayEquals(new long[] {3, 2, 2, 3, 3}, counts);
        assertEquals(13, Arrays.stream(counts).sum());
    }

    @Test
    void clientsStartWhereTheirIdsSay() {
        List<Integer> starts = List.of("p-0", "p-1", "p-2").stream().map(id -> SizeTable.start(id, 1000)).toList();

        assertEquals(starts, List.of("p-0", "p-1", "p-2").stream().map(id -> Math.floorMod(id.hashCode(), 1000)).toList());
    }
}
