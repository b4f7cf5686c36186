package io.jmsbench.regression;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.jmsbench.protocol.Json;

import java.util.Locale;

/**
 * The new run's figures in github-action-benchmark's custom format, to track across commits: the
 * rates for its {@code customBiggerIsBetter} tool, the latencies for {@code customSmallerIsBetter}
 * (one tool per file, so two files). {@code range} is the 95% interval where there is one; {@code
 * extra} the point's verdict and the run.
 */
public final class GithubBenchmark {

    private GithubBenchmark() {
    }

    public static String rates(RunComparison c) {
        return entries(c, true);
    }

    public static String latencies(RunComparison c) {
        return entries(c, false);
    }

    private static String entries(RunComparison c, boolean rates) {
        ArrayNode out = Json.MAPPER.createArrayNode();
        for (PointComparison p : c.points()) {
            for (MetricChange ch : p.changes()) {
                if (ch.metric().isRate() != rates || !ch.next().measured()) {
                    continue;
                }
                var entry = out.addObject();
                entry.put("name", p.label() + " " + ch.metric().label());
                entry.put("unit", ch.metric().unit().equals("µs") ? "us" : ch.metric().unit());
                entry.put("value", ch.next().value());
                if (ch.next().hasInterval()) {
                    entry.put("range", String.format(Locale.ROOT, "± %.1f", ch.next().halfWidth()));
                }
                entry.put("extra", "new run " + c.next().runId() + ", " + p.next().verdict().json()
                        + (p.next().repeats() > 1 ? ", " + p.next().repeats() + " repeats" : ""));
            }
        }
        try {
            return Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(out) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("an array of entries always serialises", e);
        }
    }
}
