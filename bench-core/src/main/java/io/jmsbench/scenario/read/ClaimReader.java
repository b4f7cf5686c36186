package io.jmsbench.scenario.read;

import com.fasterxml.jackson.databind.JsonNode;
import io.jmsbench.scenario.Claim.Metric;
import io.jmsbench.scenario.Claim.Shape;
import io.jmsbench.scenario.Claim;
import io.jmsbench.text.Quoted;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Reads {@code expect:}, the claims a scenario makes about its results: each names one rate and
 * what it does along one sweep key, and every key and value it names must be the sweep's.
 */
final class ClaimReader {

    static final String EXPECT = "expect";
    private static final int MAX_CLAIMS = 100;
    private static final String PLAIN = "a plain value of the sweep key (text, number, true/false or null)";

    private ClaimReader() {
    }

    static List<Claim> read(Fields root, Map<String, List<Object>> sweep) {
        List<Fields> items = root.mappings(EXPECT);
        if (items == null) {
            return List.of();
        }
        if (items.size() > MAX_CLAIMS) {
            root.problem(EXPECT, "expected at most " + MAX_CLAIMS + " claims, found " + items.size());
            return List.of();
        }
        List<Claim> claims = new ArrayList<>();
        for (Fields f : items) {
            Claim claim = claim(f, texts(sweep));
            if (claim != null) {
                claims.add(claim);
            }
        }
        return claims;
    }

    private static Map<String, List<String>> texts(Map<String, List<Object>> sweep) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        sweep.forEach((k, values) -> out.put(k, values.stream().map(String::valueOf).toList()));
        return out;
    }

    private static Claim claim(Fields f, Map<String, List<String>> sweep) {
        Metric metric = null;
        Shape shape = null;
        for (Metric m : Metric.values()) {
            if (f.has(m.yamlName())) {
                Shape s = f.choice(m.yamlName(), null, Shape.class, Shape::yamlName);
                if (metric != null) {
                    f.problem(m.yamlName(), "expected one rate per claim (received, dispatched or overall), found "
                            + metric.yamlName() + " and " + m.yamlName());
                }
                metric = m;
                shape = s;
            }
        }
        String in = f.string("in", null);
        String by = f.string("by", null);
        JsonNode from = f.raw("from", () -> ValueSchemas.plainValue().put("description",
                "a trend's first value of the in: key, in the sweep's order"));
        JsonNode order = f.raw("order", () -> ValueSchemas.plainValues("the values of the by: key, highest rate first"));
        JsonNode of = f.raw("of", () -> ValueSchemas.plainValue().put("description", "the by: key's value above the line"));
        JsonNode to = f.raw("to", () -> ValueSchemas.plainValue().put("description", "the by: key's value below the line"));
        double atLeast = f.has("atLeast") ? f.decimal("atLeast", Double.NaN, 0, 1e6) : Double.NaN;
        double atMost = f.has("atMost") ? f.decimal("atMost", Double.NaN, 0, 1e6) : Double.NaN;
        double within = f.has("within") ? f.fraction("within", Double.NaN, 0, 1) : Double.NaN;
        Fields whereFields = f.mapping("where");
        whereFields.entries(SetOverrides.PATH, () -> ValueSchemas.plainValue().put("description", PLAIN));
        String note = f.string("note", null);
        int problemsBefore = f.problems().size();
        if (metric == null) {
            f.problem("expected one of received, dispatched or overall, saying increasing, decreasing, flat, ordered "
                    + "or ratio, found none");
            f.finish();
            return null;
        }
        if (shape == null) {
            f.finish();
            return null;
        }
        String keyField = shape.trend() ? "in" : "by";
        String key = shape.trend() ? in : by;
        String other = shape.trend() ? "by" : "in";
        if (shape.trend() ? by != null : in != null) {
            f.problem(other, "expected " + keyField + ": (not " + other + ":) with " + shape.yamlName() + ", found "
                    + other + ": " + (shape.trend() ? by : in));
        }
        if (key == null) {
            f.problem("expected " + keyField + ": the sweep key the " + metric.yamlName() + " rate is "
                    + shape.yamlName() + (shape.trend() ? " across" : " by") + ", such as " + example(sweep)
                    + ", found none");
        } else if (!sweep.containsKey(key)) {
            f.problem(keyField, "expected a sweep key (" + keys(sweep) + "), found " + Quoted.value(key));
            key = null;
        }
        List<String> values = key == null ? null : sweep.get(key);
        String fromText = value(f, "from", from, values, key);
        List<String> orderTexts = orderValues(f, order, values, key);
        String ofText = value(f, "of", of, values, key);
        String toText = value(f, "to", to, values, key);
        Map<String, String> where = where(whereFields, sweep, key);
        refuseUnless(f, shape, "from", from != null, shape.trend());
        refuseUnless(f, shape, "order", order != null, shape == Shape.ORDERED);
        refuseUnless(f, shape, "of", of != null, shape == Shape.RATIO);
        refuseUnless(f, shape, "to", to != null, shape == Shape.RATIO);
        refuseUnless(f, shape, "atLeast", !Double.isNaN(atLeast), shape == Shape.RATIO);
        refuseUnless(f, shape, "atMost", !Double.isNaN(atMost), shape == Shape.RATIO);
        refuseUnless(f, shape, "within", !Double.isNaN(within), shape == Shape.FLAT);
        if (shape == Shape.FLAT && Double.isNaN(within) && !f.has("within")) {
            f.problem("expected within: how far from their mean the rates may be, such as 5%, found none");
        }
        if (shape == Shape.ORDERED && order == null) {
            f.problem("expected order: the by: key's values, highest rate first, such as ["
                    + String.join(", ", values == null ? List.of("a", "b") : values) + "], found none");
        }
        if (shape == Shape.RATIO) {
            if (of == null || to == null) {
                f.problem("expected of: and to: (the two values of the by: key whose rates are divided), found "
                        + (of == null ? "no of" : "no to"));
            }
            if (Double.isNaN(atLeast) && Double.isNaN(atMost)) {
                f.problem("expected atLeast: or atMost: (the bound on the ratio, such as 0.95), found neither");
            } else if (atLeast > atMost) {
                f.problem("atMost", "expected atMost no less than atLeast (" + atLeast + "), found " + atMost);
            }
            if (ofText != null && ofText.equals(toText)) {
                f.problem("to", "expected a value other than of: (" + Quoted.value(ofText) + "), found the same");
            }
        }
        f.finish();
        if (f.problems().size() > problemsBefore) {
            return null;
        }
        return new Claim(metric, shape, key, where, fromText, orderTexts, ofText, toText, atLeast, atMost, within, note);
    }

    private static void refuseUnless(Fields f, Shape shape, String field, boolean present, boolean allowed) {
        if (present && !allowed) {
            f.problem(field, "expected no " + field + " with " + shape.yamlName() + ", found one");
        }
    }

    /** A plain value that must be one of the key's values; null when absent or wrong (told). */
    private static String value(Fields f, String field, JsonNode node, List<String> values, String key) {
        if (node == null) {
            return null;
        }
        if (!node.isValueNode()) {
            f.problem(field, "expected " + PLAIN + ", found " + Kinds.of(node));
            return null;
        }
        String text = String.valueOf(Sweep.plain(node));
        if (values != null && !values.contains(text)) {
            f.problem(field, "expected one of the values of " + key + " (" + String.join(", ", values) + "), found "
                    + Quoted.value(text));
            return null;
        }
        return text;
    }

    private static List<String> orderValues(Fields f, JsonNode node, List<String> values, String key) {
        if (node == null) {
            return null;
        }
        if (!node.isArray() || node.size() < 2) {
            f.problem("order", "expected a list of at least two values of the by: key, highest rate first, found "
                    + Kinds.of(node) + (node.isArray() ? " of " + node.size() : ""));
            return null;
        }
        List<String> out = new ArrayList<>();
        for (JsonNode item : node) {
            String text = value(f, "order", item, values, key);
            if (text != null && out.contains(text)) {
                f.problem("order", "expected each value once, found " + Quoted.value(text) + " again");
            }
            out.add(text);
        }
        return out;
    }

    private static Map<String, String> where(Fields w, Map<String, List<String>> sweep, String key) {
        Map<String, String> where = new LinkedHashMap<>();
        for (String k : w.names()) {
            JsonNode node = w.raw(k);
            if (!sweep.containsKey(k)) {
                w.problem(k, "expected a sweep key (" + keys(sweep) + ") as the key, found " + Quoted.value(k));
            } else if (k.equals(key)) {
                w.problem(k, "expected a sweep key other than the claim's own (" + key + "), found it");
            } else {
                String text = value(w, k, node, sweep.get(k), k);
                if (text != null) {
                    where.put(k, text);
                }
            }
        }
        return where;
    }

    private static String keys(Map<String, List<String>> sweep) {
        return sweep.isEmpty() ? "this scenario sweeps nothing" : "one of " + sweep.keySet().stream()
                .collect(Collectors.joining(", "));
    }

    private static String example(Map<String, List<String>> sweep) {
        return sweep.isEmpty() ? "subscribers[0].clients" : sweep.keySet().iterator().next();
    }
}
