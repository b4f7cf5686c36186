package io.jmsbench.report;

import io.jmsbench.metrics.AuditCounts;
import io.jmsbench.metrics.GroupStickiness;

import java.util.Locale;
import java.util.stream.Collectors;

/** The report's lines on what a time to live and message groups did: expired apart from lost, each group's consumers. */
public final class HeaderLines {

    private HeaderLines() {
    }

    /** The expiry's line; empty without a time to live. */
    public static String expiry(ExpiryFigures e) {
        if (e == null) {
            return "";
        }
        if (!e.known()) {
            return String.format(Locale.ROOT, "Time to live %s: %s messages missing, expired or lost: they cannot be "
                    + "told apart (%s).", e.timeToLive(), Figures.count(e.missing()), e.source());
        }
        return String.format(Locale.ROOT, "Time to live %s: %s messages expired (the broker's count: %s), %s lost "
                + "(of %s missing from the audit).", e.timeToLive(), Figures.count(e.expired()), e.source(),
                Figures.count(e.lost()), Figures.count(e.missing()));
    }

    /** The message groups' line; empty without groups. */
    public static String groups(AuditCounts audit) {
        GroupStickiness g = audit == null ? null : audit.groups();
        if (g == null) {
            return "";
        }
        String named = g.first().stream().map(e -> "g" + e.group() + " " + e.consumers().entrySet().stream()
                .map(c -> c.getKey() + " " + Figures.count(c.getValue())).collect(Collectors.joining(" + ")))
                .collect(Collectors.joining("; "));
        return String.format(Locale.ROOT, "Message groups: %d of %d received by %d consumers, %d split between "
                + "consumers, %s messages%s: %s.", g.received(), g.groups(), g.consumers(), g.split(),
                Figures.count(g.messages()), g.groups() > g.first().size() ? " (the first " + g.first().size()
                + " groups)" : "", named);
    }
}
