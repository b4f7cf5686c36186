package io.jmsbench.run.judge;

import io.jmsbench.report.BrokerHealth;
import io.jmsbench.verdict.Finding;
import io.jmsbench.verdict.FindingCode;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * What an external broker's management interface said about itself over a point, as findings in the
 * broker's own words: a resource alarm (invalid: the broker blocked its publishers), flow control
 * (a note), or why the interface could not be read (a note).
 */
final class BrokerHealthRules {

    private BrokerHealthRules() {
    }

    /** Nothing when no management interface was asked (an embedded broker). */
    static List<Finding> check(PointFacts facts) {
        BrokerHealth health = facts.brokerHealth();
        List<Finding> findings = new ArrayList<>();
        if (health == null) {
            return findings;
        }
        if (health.problem() != null) {
            findings.add(Finding.of(FindingCode.BROKER_MANAGEMENT_NOT_READ, "the broker's management interface was "
                    + "not read, so neither its own counts nor its alarms are known: " + health.problem()));
        }
        if (!health.alarms().isEmpty()) {
            findings.add(Finding.of(FindingCode.BROKER_ALARM, "the broker raised a resource alarm during the point, "
                    + "which holds its publishers back, so the rates measure the alarm: "
                    + String.join("; ", health.alarms())));
        }
        if (!health.flowControl().isEmpty() || health.blockedSends() > 0) {
            String blocked = health.blockedSends() > 0 ? String.format(Locale.ROOT, "%,d sends blocked by producer "
                    + "flow control", health.blockedSends()) : null;
            List<String> words = blocked == null ? health.flowControl()
                    : Stream.concat(Stream.of(blocked), health.flowControl().stream())
                    .toList();
            findings.add(Finding.of(FindingCode.BROKER_FLOW_CONTROL, "the broker's flow control held producers back "
                    + "during the point: " + String.join("; ", words)));
        }
        return findings;
    }
}
