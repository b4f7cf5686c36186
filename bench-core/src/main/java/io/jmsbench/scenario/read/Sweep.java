package io.jmsbench.scenario.read;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.jmsbench.scenario.Defaults;
import io.jmsbench.scenario.ScenarioPlan;
import io.jmsbench.text.Quoted;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code cases:}, {@code compare:} and {@code sweep:} read from a scenario. A case is a named set
 * of field values (for workloads that differ in several fields at once, like JBoss Messaging's
 * eight tests); {@code compare:} lists named sets the same way, for what the results are compared
 * across (brokers and protocols: the columns of a comparison table); the sweep gives field paths,
 * each a list of values or a range {@code {from, to, step}}. Points come out in a stable order:
 * cases outermost, then the compared sets, then the cartesian product of the sweep with its first
 * key outermost, values in the order written.
 */
final class Sweep {

    /** One swept value and where it was written (for problems with the point it makes). */
    record Value(JsonNode node, JsonLocation location) {
    }

    /**
     * One value to set for a point, with its origin for problems. {@code ownsCreated}: a mapping it
     * creates on the way is its own (a case's or compared set's misspelt section is blamed on its
     * line); a sweep's values all create the same mapping, whose problem is reported once.
     */
    record Assignment(String path, JsonNode node, JsonLocation location, String origin, boolean ownsCreated) {
    }

    /** A point: the parameters that name it and the values to set. */
    record Combination(Map<String, Object> parameters, List<Assignment> assignments) {
    }

    /** A named case or compared set: its values, set before the sweep's. */
    record Case(String name, List<Assignment> assignments) {
    }

    private static final String VALUES = "a list of values or a range {from, to, step}";

    private final Map<String, List<Value>> values;
    private final List<Case> cases;
    private final List<Case> compared;

    private Sweep(Map<String, List<Value>> values, List<Case> cases, List<Case> compared) {
        this.values = values;
        this.cases = cases;
        this.compared = compared;
    }

    /** A {@code cases:} or {@code compare:} list ({@code key}): each {@code {name: ..., set: {path: value, ...}}}. */
    static List<Case> readCases(List<Fields> items, String key) {
        List<Case> cases = new ArrayList<>();
        if (items == null) {
            return cases;
        }
        Set<String> names = new HashSet<>();
        for (Fields item : items) {
            String name = item.string("name", null);
            if (name == null) {
                item.problem("expected a name for the " + key + " item, found none");
            } else if (!names.add(name)) {
                item.problem("name", "expected a name no other " + key + " item has, found " + Quoted.value(name) + " again");
            }
            Fields set = item.mapping("set");
            set.entries(SetOverrides.PATH, () -> ValueSchemas.plainValue().put("description", "a plain value"));
            List<Assignment> assignments = new ArrayList<>();
            for (String path : set.names()) {
                JsonNode node = set.raw(path);
                if (!SetOverrides.isPath(path)) {
                    set.problem(path, "expected a field path such as delivery.persistent as the key");
                } else if (node != null && !node.isValueNode()) {
                    set.problem(path, "expected a plain value, found " + Kinds.of(node));
                } else {
                    assignments.add(new Assignment(path, node == null ? JsonNodeFactory.instance.nullNode() : node,
                            set.locationOf("/" + escape(path)), " (a value of " + key + " " + Quoted.value(name) + ")", true));
                }
            }
            item.finish();
            cases.add(new Case(name, assignments));
        }
        return cases;
    }

    static Sweep read(Fields f, List<Case> cases, List<Case> compared) {
        Map<String, List<Value>> values = new LinkedHashMap<>();
        if (f == null) {
            return new Sweep(values, cases, compared);
        }
        f.entries(SetOverrides.PATH, () -> ValueSchemas.anyOf(VALUES, ValueSchemas.plainValues(VALUES),
                MappingSchema.describe(Sweep::range)));
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
                        f.problem(key, "expected a list of plain values, found " + Kinds.of(v) + " in it"
                                + (v.isArray() && key.equals("publishers.rate") ? ": whole rate profiles are not "
                                + "swept; sweep one of a profile's fields instead, such as publishers.rate[1].ramp"
                                : ""));
                    }
                    list.add(new Value(v, f.locationOf("/" + escape(key) + "/" + i)));
                }
            } else if (node != null && node.isObject()) {
                Range range = range(new Fields(f.tree(), "/sweep/" + escape(key), node, f.problems(), null));
                JsonLocation at = f.locationOf("/" + escape(key));
                for (long v = range.from(); v <= range.to() && list.size() <= Defaults.MAX_SWEEP_POINTS;
                     v += range.step()) {
                    list.add(new Value(JsonNodeFactory.instance.numberNode(v), at));
                }
            } else {
                f.problem(key, "expected " + VALUES + ", found " + Kinds.of(node));
                continue;
            }
            if (list.isEmpty()) {
                f.problem(key, "expected at least one value, found none");
                continue;
            }
            combinations *= list.size();
            values.put(key, list);
        }
        combinations *= Math.max(1, cases.size()) * Math.max(1, compared.size());
        if (combinations > Defaults.MAX_SWEEP_POINTS) {
            f.problem("expected at most " + Defaults.MAX_SWEEP_POINTS + " sweep points, found " + combinations);
            values.clear();
        }
        return new Sweep(values, cases, compared);
    }

    private record Range(long from, long to, long step) {
    }

    private static Range range(Fields f) {
        long from = f.integer("from", Defaults.SWEEP_FROM, Integer.MIN_VALUE, Integer.MAX_VALUE);
        long to = f.integer("to", Defaults.SWEEP_TO, Integer.MIN_VALUE, Integer.MAX_VALUE);
        long step = f.integer("step", Defaults.SWEEP_STEP, 1, Integer.MAX_VALUE);
        f.finish();
        return new Range(from, to, step);
    }

    /** Every point: each case (if any) times each compared set (if any) times the sweep's cartesian product. */
    List<Combination> points() {
        List<Combination> points = new ArrayList<>();
        for (Case c : orNone(cases)) {
            for (Case k : orNone(compared)) {
                for (Map<String, Value> combination : combinations()) {
                    Map<String, Object> parameters = new LinkedHashMap<>();
                    List<Assignment> assignments = new ArrayList<>(c.assignments());
                    assignments.addAll(k.assignments());
                    if (c.name() != null) {
                        parameters.put(ScenarioPlan.CASE, c.name());
                    }
                    if (k.name() != null) {
                        parameters.put(ScenarioPlan.COMPARE, k.name());
                    }
                    combination.forEach((key, v) -> {
                        parameters.put(key, plain(v.node()));
                        assignments.add(new Assignment(key, v.node(), v.location(), " (a value of sweep." + key + ")",
                                false));
                    });
                    points.add(new Combination(parameters, assignments));
                }
            }
        }
        return points;
    }

    private static List<Case> orNone(List<Case> items) {
        return items.isEmpty() ? List.of(new Case(null, List.of())) : items;
    }

    private List<Map<String, Value>> combinations() {
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
        if (!cases.isEmpty()) {
            out.put(ScenarioPlan.CASE, cases.stream().map(c -> (Object) c.name()).toList());
        }
        if (!compared.isEmpty()) {
            out.put(ScenarioPlan.COMPARE, compared.stream().map(c -> (Object) c.name()).toList());
        }
        values.forEach((k, list) -> out.put(k, list.stream().map(v -> plain(v.node())).toList()));
        return out;
    }

    /**
     * A swept scalar as a plain Java value (Long, Double, Boolean, String or null) for the points'
     * parameters; integers are Longs whatever their size, as report.json reads them back.
     */
    static Object plain(JsonNode node) {
        if (node.isIntegralNumber()) {
            return node.longValue();
        }
        if (node.isNumber()) {
            return node.doubleValue();
        }
        if (node.isBoolean()) {
            return node.booleanValue();
        }
        return node.isNull() ? null : node.asText();
    }

    private static String escape(String key) {
        return key.replace("~", "~0").replace("/", "~1");
    }
}
