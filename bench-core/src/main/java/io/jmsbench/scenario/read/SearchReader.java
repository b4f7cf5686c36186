package io.jmsbench.scenario.read;

import com.fasterxml.jackson.databind.JsonNode;
import io.jmsbench.scenario.Defaults;
import io.jmsbench.scenario.MessageSpec;
import io.jmsbench.scenario.SearchSpec;

import java.math.BigDecimal;
import java.time.Duration;

/**
 * Reads {@code search:} and the rules that tie it to the rest of the file: a search chooses the
 * publishers' rate and its own points, so neither {@code publishers.rate} nor a sweep, cases or
 * repeats may stand beside it.
 */
final class SearchReader {

    private SearchReader() {
    }

    static SearchSpec read(Fields f) {
        SearchSpec.Percentile latency = f.choice("latency", null, SearchSpec.Percentile.class,
                SearchSpec.Percentile::yamlName);
        Duration below = f.duration("below", null, Duration.ofMillis(1));
        double from = rate(f, "from", Defaults.SEARCH_FROM, false);
        double until = rate(f, "until", Double.NaN, true);
        int maxPoints = f.integer("maxPoints", Defaults.SEARCH_MAX_POINTS, Defaults.SEARCH_MIN_POINTS,
                Defaults.SEARCH_MAX_POINTS_LIMIT);
        if (f.has("latency") && !f.has("below")) {
            f.problem("latency", "expected below (the bound, such as 10ms) beside latency, found none");
        } else if (f.has("below") && !f.has("latency")) {
            f.problem("below", "expected latency (the percentile, such as p99) beside below, found none");
        }
        if (!Double.isNaN(until) && until <= from) {
            f.problem("until", "expected max or a rate in msgs/s above from (" + text(from) + "), found "
                    + text(until));
        }
        f.finish();
        return new SearchSpec(below == null ? null : latency, latency == null ? null : below, from,
                Double.isNaN(until) ? null : until, maxPoints);
    }

    /** A total rate in msgs/s; {@code max} too where {@code maxAllowed} (read as NaN, no bound). */
    private static double rate(Fields f, String key, double fallback, boolean maxAllowed) {
        String expected = (maxAllowed ? "max or " : "") + "a total rate in msgs/s above 0 and at most "
                + text(Defaults.MAX_PUBLISH_RATE);
        JsonNode value = f.raw(key, () -> ValueSchemas.rate(expected, maxAllowed, false));
        if (value == null) {
            return fallback;
        }
        if (maxAllowed && value.isTextual() && "max".equals(value.asText().strip())) {
            return Double.NaN;
        }
        double rate = value.isNumber() ? value.doubleValue() : Double.NaN;
        if (!(rate > 0 && rate <= Defaults.MAX_PUBLISH_RATE)) {
            f.problem(key, "expected " + expected + ", found " + Kinds.of(value));
            return maxAllowed ? Double.NaN : fallback;
        }
        return rate;
    }

    private static String text(double rate) {
        return BigDecimal.valueOf(rate).stripTrailingZeros().toPlainString();
    }

    /** Refuses, each at its field, what a search decides itself. */
    static void refuseBeside(Fields root, YamlTree tree, int repeat) {
        JsonNode publishers = tree.root.path("publishers");
        if (publishers.isArray() && publishers.size() > 1) {
            root.problemAt("/publishers", "expected one publisher group with search (the search sets one rate), found "
                    + publishers.size());
        }
        boolean list = publishers.isArray() && publishers.size() == 1;
        JsonNode rate = list ? publishers.path(0).path("rate") : publishers.path("rate");
        if (!rate.isMissingNode() && !rate.isNull()) {
            root.problemAt(list ? "/publishers/0/rate" : "/publishers/rate", "expected no rate with search (the search chooses the rates), found "
                    + Kinds.of(rate));
        }
        for (String key : new String[] {"sweep", "cases", "compare"}) {
            JsonNode value = tree.root.path(key);
            if (!value.isMissingNode() && !value.isNull()) {
                root.problemAt("/" + key, "expected no " + key + " with search (a search chooses its own points; "
                        + "give the " + key + " a scenario of its own), found one");
            }
        }
        if (repeat != 1) {
            root.problemAt("/repeat", "expected no repeat with search (it repeats its answer once to confirm it), "
                    + "found " + repeat);
        }
    }

    /** A latency bound needs the send time that stamped messages carry. */
    static void refuseUnstamped(Fields root, SearchSpec search, MessageSpec message) {
        if (search.latencyBound() && !message.stamped()) {
            root.problemAt("/search/latency", "expected stamped messages, which carry the send time a latency bound "
                    + "needs, found message.stamped: false");
        }
    }
}
