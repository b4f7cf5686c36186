package io.jmsbench.report;

import io.jmsbench.report.SearchResult.Step;

import java.util.Locale;

/**
 * A capacity search for people: one row per step, in the order run (target, achieved rates, the
 * searched latency percentile, outcome, reasons), and the answer in a sentence. {@code report.md}
 * and the terminal summary print the same table.
 */
public final class SearchTable {

    private SearchTable() {
    }

    public static String render(SearchResult search) {
        boolean latency = search.spec().latencyBound();
        StringBuilder md = new StringBuilder();
        md.append("| step | target msgs/s | sent msgs/s | dispatched msgs/s |")
                .append(latency ? " " + search.spec().latency().yamlName() + " ms |" : "")
                .append(" outcome | why not a pass |\n|---:|---:|---:|---:|").append(latency ? "---:|" : "")
                .append("---|---|\n");
        for (Step s : search.steps()) {
            md.append("| ").append(s.step()).append("confirm".equals(s.kind()) ? " (repeat)" : "").append(" | ")
                    .append("probe".equals(s.kind()) ? "max (probe)" : Figures.rate(s.targetRate())).append(" | ").append(Figures.rate(s.sentRate())).append(" | ")
                    .append(Figures.rate(s.dispatchedRate())).append(" | ");
            if (latency) {
                md.append(Double.isNaN(s.latencyMicros()) ? "n/a"
                        : String.format(Locale.ROOT, "%.2f", s.latencyMicros() / 1000)).append(" | ");
            }
            md.append(s.outcome().json()).append(" | ").append(String.join("; ", s.reasons()).replace("|", "\\|"))
                    .append(" |\n");
        }
        return md.toString();
    }

    /** The section of {@code report.md}: how the search went, its steps and its answer. */
    public static String section(SearchResult search) {
        return "## Search\n\n" + search.answer().sentence() + "\n\n"
                + (search.spec().until() == null ? "The probe is a saturated point: its sent rate is the ceiling no step "
                + "reaches. " : "")
                + "Each step is a fixed-rate point; latency counts from the intended send time. A step passes when "
                + "the publishers sent at least 97% of the target, the subscribers got 97% to 103% of the expected "
                + "copies per message sent (the backlog stayed flat both ways), the latency bound held and nothing else made "
                + "the point invalid; a client over the CPU bound makes it generator-limited instead.\n\n"
                + render(search) + '\n';
    }
}
