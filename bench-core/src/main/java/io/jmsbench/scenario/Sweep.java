package io.jmsbench.scenario;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code sweep:} read from a scenario: field paths, each with a list of values or a range
 * {@code {from, to, step}}. Combinations come out in a stable order: the cartesian product with
 * the first key outermost, values in the order written.
 */
final class Sweep {

    /** One swept value and where it was written (for problems with the point it makes). */
    record Value(JsonNode node, JsonLocation location) {
    }

    private final Map<String, List<Value>> values;

    private Sweep(Map<String, List<Value>> values) {
        this.values = values;
    }

    static Sweep read(Fields f) {
        Map<String, List<Value>> values = new LinkedHashMap<>();
        if (f == null) {
            return new Sweep(values);
        }
        long combinations = 1;
        for (String key : f.names()) {
            JsonNode node = f.raw(key);
            if (!SetOverrides.isPath(key)) {
                f.problem(key, "expected a field path such as publishers.clients or subscribers[0].clients as the key");
                continue;
            }
            List<Value> list = new ArrayList<>();
            if (node != null && node.isArray()) {
                for (int i = 0; i < node.size(); i++) {
                    JsonNode v = node.get(i);
                    if (!v.isValueNode()) { // null is allowed: it leaves the field out, so its default applies
                        f.problem(key, "expected a list of plain values, found " + Kinds.of(v) + " in it");
                    }
                    list.add(new Value(v, f.locationOf("/" + escape(key) + "/" + i)));
                }
            } else if (node != null && node.isObject()) {
                Fields range = new Fields(f.tree(), "/sweep/" + escape(key), node, problemsOf(f));
                long from = range.integer("from", 0, Integer.MIN_VALUE, Integer.MAX_VALUE);
                long to = range.integer("to", 0, Integer.MIN_VALUE, Integer.MAX_VALUE);
                long step = range.integer("step", 1, 1, Integer.MAX_VALUE);
                range.finish();
                JsonLocation at = f.locationOf("/" + escape(key));
                for (long v = from; v <= to && list.size() <= Defaults.MAX_SWEEP_POINTS; v += step) {
                    list.add(new Value(JsonNodeFactory.instance.numberNode(v), at));
                }
            } else {
                f.problem(key, "expected a list of values or a range {from, to, step}, found " + Kinds.of(node));
                continue;
            }
            if (list.isEmpty()) {
                f.problem(key, "expected at least one value, found none");
                continue;
            }
            combinations *= list.size();
            values.put(key, list);
        }
        if (combinations > Defaults.MAX_SWEEP_POINTS) {
            f.problem("expected at most " + Defaults.MAX_SWEEP_POINTS + " sweep points, found " + combinations);
            values.clear();
        }
        return new Sweep(values);
    }

    List<Map<String, Value>> combinations() {
        List<Map<String, Value>> result = new ArrayList<>();
        result.add(new LinkedHashMap<>());
        for (Map.Entry<String, List<Value>> e : values.entrySet()) {
            List<Map<String, Value>> next = new ArrayList<>();
            for (Map<String, Value> partial : result) {
                for (Value v : e.getValue()) {
                    Map<String, Value> m = new LinkedHashMap<>(partial);
                    m.put(e.getKey(), v);
                    next.add(m);
                }
            }
            result = next;
        }
        return result;
    }

    Map<String, List<Object>> valuesByKey() {
        Map<String, List<Object>> out = new LinkedHashMap<>();
        values.forEach((k, list) -> out.put(k, list.stream().map(v -> io.jmsbench.protocol.Json.plain(v.node())).toList()));
        return out;
    }

    private static String escape(String key) {
        return key.replace("~", "~0").replace("/", "~1");
    }

    private static List<Problem> problemsOf(Fields f) {
        return f.problems();
    }
}
