package io.jmsbench.report;

import io.jmsbench.metrics.AuditCounts;
import io.jmsbench.metrics.GroupStickiness;

import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The report's lines on what a time to live and message groups did (expired apart from lost, each
 * group's consumers), and on the subscribers the audit could not check.
 */
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

    /**
     * The line on the subscribers the audit could not check; empty when it checked every one. Their
     * receipts are counted, but nothing says whether they lost a message or received one twice, so no
     * figure of loss is given over them.
     */
    public static String notAudited(AuditCounts audit) {
        if (audit == null || audit.auditedSubscribers() >= audit.subscribers()) {
            return "";
        }
        String named = audit.notAudited().isEmpty() ? "" : ": " + String.join(", ", audit.notAudited().subList(0,
                Math.min(10, audit.notAudited().size()))) + (audit.notAudited().size() > 10 ? ", ..." : "");
        return String.format(Locale.ROOT, "Not audited: %d of %d subscribers%s (their messages cannot be checked "
                + "against what was sent: unstamped messages, a topic subscriber with a selector that joins late or "
                + "leaves early, or an agent that sent no receipts).", audit.subscribers() - audit.auditedSubscribers(),
                audit.subscribers(), named);
    }
}
