package io.jmsbench.report;

import io.jmsbench.stats.StudentT;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Mean, sample standard deviation and 95% confidence half-width over the repeats of a point. */
@Timeout(60)
class StatTest {

    private static final double EPS = 1e-12;

    @Test
    void knownSample() {
        Stat s = Stat.of(List.of(1.0, 2.0, 3.0, 4.0, 5.0));
        assertEquals(5, s.n());
        assertEquals(3.0, s.mean(), EPS);
        assertEquals(Math.sqrt(2.5), s.sd(), EPS);
        assertEquals(2.776 * Math.sqrt(2.5) / Math.sqrt(5), s.ci95(), EPS);
    }

    @Test
    void twoValuesUseTheDfOneQuantile() {
        Stat s = Stat.of(List.of(1.0, 3.0));
        assertEquals(2, s.n());
        assertEquals(2.0, s.mean(), EPS);
        assertEquals(Math.sqrt(2), s.sd(), EPS);
        assertEquals(12.706, s.ci95(), 1e-9);
    }

    @Test
    void equalValuesHaveNoSpread() {
        Stat s = Stat.of(List.of(7.5, 7.5, 7.5));
        assertEquals(new Stat(3, 7.5, 0.0, 0.0), s);
    }

    @Test
    void sdIsTheSampleNotThePopulationDeviation() {
        // {2,4,4,4,5,5,7,9}: population sd 2, sample sd sqrt(32/7)
        Stat s = Stat.of(List.of(2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0));
        assertEquals(5.0, s.mean(), EPS);
        assertEquals(Math.sqrt(32.0 / 7), s.sd(), EPS);
        assertEquals(2.365 * Math.sqrt(32.0 / 7) / Math.sqrt(8), s.ci95(), EPS);
    }

    @Test
    void oneValueHasNoSpreadOrInterval() {
        Stat s = Stat.of(List.of(42.0));
        assertEquals(1, s.n());
        assertEquals(42.0, s.mean());
        assertTrue(Double.isNaN(s.sd()));
        assertTrue(Double.isNaN(s.ci95()));
    }

    @Test
    void noValueIsAllNaN() {
        Stat s = Stat.of(List.of());
        assertEquals(0, s.n());
        assertTrue(Double.isNaN(s.mean()));
        assertTrue(Double.isNaN(s.sd()));
        assertTrue(Double.isNaN(s.ci95()));
        assertEquals(s, Stat.of(List.of(Double.NaN, Double.NaN)));
    }

    @Test
    void nanValuesAreIgnored() {
        assertEquals(Stat.of(List.of(1.0, 2.0, 3.0, 4.0, 5.0)),
                Stat.of(Arrays.asList(Double.NaN, 1.0, 2.0, Double.NaN, 3.0, 4.0, 5.0, Double.NaN)));
        Stat one = Stat.of(List.of(Double.NaN, 9.0));
        assertEquals(1, one.n());
        assertEquals(9.0, one.mean());
        assertTrue(Double.isNaN(one.ci95()));
    }

    @Test
    void studentTFromTheTable() {
        assertEquals(12.706, StudentT.quantile975(1));
        assertEquals(4.303, StudentT.quantile975(2));
        assertEquals(2.776, StudentT.quantile975(4));
        assertEquals(2.228, StudentT.quantile975(10));
        assertEquals(2.042, StudentT.quantile975(30));
    }

    @Test
    void studentTBeyondTheTable() {
        assertEquals(1.984, StudentT.quantile975(100), 1e-3);
        assertEquals(2.021, StudentT.quantile975(40), 1e-3);
        assertEquals(2.000, StudentT.quantile975(60), 1e-3);
        assertEquals(1.980, StudentT.quantile975(120), 1e-3);
        assertEquals(1.960, StudentT.quantile975(1_000_000), 1e-3);
        // continuous across the table's end and decreasing with df
        double at31 = StudentT.quantile975(31);
        assertTrue(at31 < StudentT.quantile975(30) && at31 > StudentT.quantile975(32), "t(31) = " + at31);
        assertEquals(2.0395, at31, 1e-3);
    }

    @Test
    void studentTRefusesZeroDegreesOfFreedom() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> StudentT.quantile975(0));
        assertEquals("degrees of freedom must be >= 1, was 0", e.getMessage());
    }
}
