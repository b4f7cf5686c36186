package io.jmsbench.run.point;

import io.jmsbench.protocol.ClientCount;
import io.jmsbench.protocol.Counters;
import io.jmsbench.scenario.Scenario;
import io.jmsbench.workload.AuditHeaders;
import io.jmsbench.workload.ExpectedReplication;

/**
 * The replication grade expected of what was actually sent: with publisher groups, whose messages
 * may reach different subscribers, each group's grade weighted by the messages its clients counted
 * (a publisher's id tells its group); without groups, the scenario's one grade.
 */
public final class GroupGrade {

    private final Scenario scenario;
    private final double grade;
    private final double[] perGroup;

    public GroupGrade(Scenario scenario) {
        this.scenario = scenario;
        this.grade = ExpectedReplication.of(scenario);
        this.perGroup = scenario.publishers().grouped() ? ExpectedReplication.perGroup(scenario) : null;
    }

    /** The grade as asked: each group weighted by its share of the messages the scenario asks for. */
    public double asked() {
        return grade;
    }

    /** The grade of what {@code publishers} counted as sent; as asked when nothing was, or without groups. */
    public double of(Counters publishers) {
        if (perGroup == null || publishers == null) {
            return grade;
        }
        long[] sent = sent(scenario, publishers);
        long total = 0;
        for (long s : sent) {
            total += s;
        }
        return total == 0 ? grade : ExpectedReplication.expectedCopies(perGroup, sent) / total;
    }

    /** The copies subscribers should receive of what {@code publishers} counted as sent. */
    public long expectedCopies(Counters publishers) {
        if (perGroup == null) {
            return Math.round(grade * publishers.messages());
        }
        return Math.round(ExpectedReplication.expectedCopies(perGroup, sent(scenario, publishers)));
    }

    /** The messages each publisher group counted as sent. */
    public static long[] sent(Scenario scenario, Counters publishers) {
        long[] sent = new long[scenario.publisherGroups().size()];
        for (ClientCount c : publishers.clients()) {
            sent[scenario.publisherGroupOf(AuditHeaders.publisherIndex(c.client()))] += c.messages();
        }
        return sent;
    }
}
