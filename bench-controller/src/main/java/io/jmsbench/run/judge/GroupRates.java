package io.jmsbench.run.judge;

import io.jmsbench.protocol.Counters;
import io.jmsbench.report.GroupRate;
import io.jmsbench.run.point.GroupGrade;
import io.jmsbench.run.point.PointObservation;
import io.jmsbench.scenario.PublisherGroup;
import io.jmsbench.scenario.Scenario;

import java.util.ArrayList;
import java.util.List;

/**
 * Each publisher group's sent rate over a point's window, from its clients' counts; none for a single
 * {@code publishers:} mapping, whose report has no {@code publisherGroups} (its one group's figures are
 * the point's own).
 */
final class GroupRates {

    private GroupRates() {
    }

    static List<GroupRate> of(Scenario scenario, PointObservation o) {
        if (!scenario.publishers().listed()) {
            return List.of();
        }
        List<PublisherGroup> groups = scenario.publishers().groups();
        long[] messages = new long[groups.size()];
        double seconds = Double.NaN;
        if (o.windowComplete()) {
            Counters start = o.windowStart().publishers();
            Counters end = o.windowEnd().publishers();
            long[] before = GroupGrade.sent(scenario, start);
            long[] after = GroupGrade.sent(scenario, end);
            for (int g = 0; g < messages.length; g++) {
                messages[g] = after[g] - before[g];
            }
            seconds = (end.monotonicNanos() - start.monotonicNanos()) / 1e9;
        }
        List<GroupRate> rates = new ArrayList<>();
        for (int g = 0; g < groups.size(); g++) {
            PublisherGroup group = groups.get(g);
            double rate = seconds > 0 ? messages[g] / seconds : Double.NaN;
            rates.add(new GroupRate(group.name(), group.clients(), group.rate().text(), messages[g], rate,
                    group.message().size(), rate * group.message().size()));
        }
        return rates;
    }
}
