package io.jmsbench.scenario.read;

import io.jmsbench.scenario.Distribution.Weighted.Choice;
import io.jmsbench.scenario.Distribution;
import io.jmsbench.scenario.Problem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The reader's one call, {@link DistributionReader#read}, as any field in any unit would use it
 * (here whole bytes from 1 to 100): a plain value, each kind, and a wrong value with its sentence.
 */
@Timeout(10)
class DistributionReaderTest {

    private static final DistributionReader.Unit UNIT = DistributionReader.Unit.bytes("size", 1, 100);
    private static final Distribution FALLBACK = new Distribution.Fixed(7);

    private record Read(Distribution distribution, List<String> problems) {
    }

    private static Read read(String yaml) {
        List<Problem> problems = new ArrayList<>();
        Fields root = Fields.root(YamlTree.parse(yaml, "t.yaml", problems), problems);
        Distribution d = DistributionReader.read(root, "x", UNIT, FALLBACK);
        root.finish();
        return new Read(d, problems.stream().map(p -> p.line() + ":" + p.column() + ": " + p.message()).toList());
    }

    @Test
    void aPlainValueIsFixed() {
        assertEquals(new Read(new Distribution.Fixed(42), List.of()), read("x: 42\n"));
    }

    @Test
    void anAbsentFieldIsTheFallback() {
        assertEquals(new Read(FALLBACK, List.of()), read("{}\n"));
    }

    @Test
    void eachKindReadsInTheUnit() {
        assertEquals(new Distribution.Uniform(10, 20), read("x: {uniform: [10, 20]}\n").distribution());
        assertEquals(new Distribution.Weighted(List.of(new Choice(5, 1), new Choice(50, 3))),
                read("x: {weighted: [{size: 5, weight: 1}, {size: 50, weight: 3}]}\n").distribution());
        assertEquals(new Distribution.LogNormal(10, 90, 1, 100), read("x: {lognormal: {median: 10, p99: 90}}\n")
                .distribution());
    }

    @Test
    void aPlainValueOutOfTheUnitsRangeIsRefusedWithTheKindsToo() {
        assertEquals(new Read(FALLBACK, List.of("1:4: expected a whole number of bytes from 1 to 100, or a mapping of "
                + "one of uniform, weighted, lognormal, found 101")), read("x: 101\n"));
    }

    @Test
    void aValueOutOfTheUnitsRangeInsideAKindIsRefusedWhereItIs() {
        assertEquals(new Read(FALLBACK, List.of("1:18: expected a whole number of bytes from 1 to 100, found 500")),
                read("x: {uniform: [1, 500]}\n"));
    }
}
