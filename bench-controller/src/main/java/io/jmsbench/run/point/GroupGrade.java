package io.jmsbench.run.point;

import io.jmsbench.protocol.ClientCount;
import io.jmsbench.protocol.Counters;
import io.jmsbench.scenario.Scenario;
import io.jmsbench.workload.AuditHeaders;
import io.jmsbench.workload.ExpectedReplication;

/**
 * The replication grade expected of what was actually sent: the publisher groups' messages may reach
 * different subscribers, so each group's grade is weighted by the messages its clients counted (a
 * publisher's id tells its group); one group's is the scenario's grade.
 */
public final class GroupGrade {

    private final Scenario scenario;
    private final double grade;
    private final double[] perGroup;

    public GroupGrade(Scenario scenario) {
        this.scenario = scenario;
        this.grade = ExpectedReplication.of(scenario);
        this.perGroup = ExpectedReplication.perGroup(scenario);
    }

    /** The grade as asked: each group weighted by its share of the messages the scenario asks for. */
    public double asked() {
        return grade;
    }

    /** The grade of what {@code publishers} counted as sent; as asked when nothing was. */
    public double of(Counters publishers) {
        if (publishers == null) {
            return grade;
        }
        long[] sent = sent(scenario, publishers);
        long total = 0;
        for (long s : sent) {
            total += s;
        }
        if (total == 0) {
            return grade;
        }
        double weighted = 0;
        for (int g = 0; g < sent.length; g++) {
            weighted += (double) sent[g] / total * perGroup[g]; // one group's share is exactly 1: its grade
        }
        return weighted;
    }

    /** The copies subscribers should receive of what {@code publishers} counted as sent. */
    public long expectedCopies(Counters publishers) {
        return Math.round(ExpectedReplication.expectedCopies(perGroup, sent(scenario, publishers)));
    }

    /** The messages each publisher group counted as sent. */
    public static long[] sent(Scenario scenario, Counters publishers) {
        long[] sent = new long[scenario.publishers().groups().size()];
        for (ClientCount c : publishers.clients()) {
            sent[scenario.publishers().groupOf(AuditHeaders.publisherIndex(c.client()))] += c.messages();
        }
        return sent;
    }
}
