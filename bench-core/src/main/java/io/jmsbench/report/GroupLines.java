package io.jmsbench.report;

import java.util.ArrayList;
import java.util.List;

/** A point's publisher groups in words, for the console, report.md and report.html alike. */
public final class GroupLines {

    /** The columns of {@link #rows}. */
    public static final List<String> HEADERS = List.of("publisher group", "clients", "rate asked", "messages sent",
            "msgs/s sent", "payload bytes/s");

    private GroupLines() {
    }

    /** One row per group, in {@link #HEADERS}' order; empty when the publishers are one group. */
    public static List<List<String>> rows(List<GroupRate> groups) {
        List<List<String>> rows = new ArrayList<>();
        for (GroupRate g : groups) {
            rows.add(List.of(g.name(), Integer.toString(g.clients()), g.asked(), Figures.count(g.messages()),
                    Figures.rate(g.rate()), Figures.rate(g.payloadRate())));
        }
        return rows;
    }

    /** {@code orders: 2 clients, rate 500, sent 500 msgs/s (4,000 messages), 256,000 B/s}. */
    public static String line(GroupRate g) {
        return g.name() + ": " + g.clients() + (g.clients() == 1 ? " client" : " clients") + ", rate " + g.asked()
                + ", sent " + Figures.rate(g.rate()) + " msgs/s (" + Figures.count(g.messages()) + " messages), "
                + Figures.rate(g.payloadRate()) + " B/s";
    }
}
