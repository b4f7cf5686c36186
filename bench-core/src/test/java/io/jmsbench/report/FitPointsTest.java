package io.jmsbench.report;

import io.jmsbench.model.Excluded;
import io.jmsbench.model.ExclusionReason;
import io.jmsbench.model.ModelInputs.Use;
import io.jmsbench.protocol.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

@Timeout(10)
class FitPointsTest {

    private static final String CPU_RULE = "cpu rule: broker not saturated";

    /** A point of a report written before findings had codes: its sentences only. */
    private static PointResult point(int r, int repeat, double rate, String invalidReason, String label) throws Exception {
        return Json.MAPPER.readValue(("{'parameters': {'r': %d}, 'repeat': %d, 'valid': %s, 'invalidReasons': [%s],"
                + " 'labels': [%s], 'received': {'messages': 1, 'rate': %s, 'seconds': 1.0},"
                + " 'replicationGrade': {'expected': %d.0, 'measured': %d.0}, 'filters': %d}").formatted(r, repeat,
                invalidReason == null, invalidReason == null ? "" : "'" + invalidReason + "'",
                label == null ? "" : "'" + label + "'", Double.isNaN(rate) ? "'NaN'" : rate, r, r, r + 5)
                .replace('\'', '"'), PointResult.class);
    }

    @Test
    void everyPointOfARepeatedRunSaysItsRepeatAndAnOldReportIsReadFromItsSentences() throws Exception {
        FitPoints points = FitPoints.of(List.of(point(1, 1, 1000, null, null),
                point(1, 2, 1000, CPU_RULE, "shared host: one machine"), point(2, 1, 900, CPU_RULE, null),
                point(2, 2, Double.NaN, null, null)));

        assertEquals(List.of("r=1 repeat 1", "r=1 repeat 2"), points.points().stream().map(p -> p.label()).toList());
        assertEquals(List.of(Use.VALID, Use.SHARED_HOST_CPU_RULES_ONLY),
                points.used().stream().map(FitPoints.Used::use).toList());
        assertEquals(List.of(new Excluded("r=2 repeat 1", ExclusionReason.INVALID, CPU_RULE),
                new Excluded("r=2 repeat 2", ExclusionReason.NO_RECEIVED_RATE, "found NaN")), points.excluded());
    }

    @Test
    void maxRAndHoldOutMoveUsedPointsToTheExcludedWithTheirReason() throws Exception {
        FitPoints points = FitPoints.of(List.of(point(1, 1, 1000, null, null), point(2, 1, 900, null, null),
                point(20, 1, 100, null, null)), "[2] ", false);

        FitPoints left = points.withMaxR(10, "10").holdingOut(Set.of(0), 7);

        assertEquals(List.of("[2] r=2"), left.points().stream().map(p -> p.label()).toList());
        assertEquals(List.of(new Excluded("[2] r=20", ExclusionReason.ABOVE_MAX_R, "measured r 20.0000 > 10"),
                new Excluded("[2] r=1", ExclusionReason.HELD_OUT, "seed 7")), left.excluded());
    }
}
