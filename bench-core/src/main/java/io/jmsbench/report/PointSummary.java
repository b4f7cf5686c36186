package io.jmsbench.report;

import java.util.List;
import java.util.Map;

/** One sweep point over its repeats: the figures as {@link Stat}s, and how many repeats were valid. */
public record PointSummary(int point, Map<String, Object> parameters, int repeats, int validRepeats,
                           Stat receivedRate, Stat dispatchedRate, Stat overallRate, double expectedGrade,
                           Stat measuredGrade, int filters, Stat brokerCores) {

    public static PointSummary of(int point, List<PointResult> repeats) {
        PointResult first = repeats.get(0);
        return new PointSummary(point, first.key().parameters(), repeats.size(),
                (int) repeats.stream().filter(r -> r.judgement().valid()).count(),
                Stat.of(repeats.stream().map(r -> r.rates().received().rate()).toList()),
                Stat.of(repeats.stream().map(r -> r.rates().dispatched().rate()).toList()),
                Stat.of(repeats.stream().map(r -> r.rates().overallRate()).toList()),
                first.rates().replicationGrade().expected(),
                Stat.of(repeats.stream().map(r -> r.rates().replicationGrade().measured()).toList()),
                first.rates().filters(),
                Stat.of(repeats.stream().map(r -> r.resources().cpu().brokerCores()).toList()));
    }
}
