package io.jmsbench.scenario.read;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jmsbench.scenario.Problem;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Applies {@code --set key=value} overrides to a parsed scenario before it is read, so they are
 * validated exactly like the file. Keys are field paths: {@code publishers.clients},
 * {@code subscribers[1].selector}; values are YAML scalars ({@code 4}, {@code true}, {@code 10s}).
 */
final class SetOverrides {

    static final String SOURCE = "--set";
    private static final Pattern PART = Pattern.compile("([A-Za-z_][A-Za-z0-9_]*)((?:\\[\\d{1,6}\\])*)");
    /** A whole field path: {@link #PART}s joined by dots. */
    static final Pattern PATH = Pattern.compile(PART.pattern() + "(?:\\." + PART.pattern() + ")*");
    private static final Pattern INDEX = Pattern.compile("\\[(\\d+)]");
    /** Far longer than any scenario's deepest field path. */
    private static final int MAX_PATH = 500;

    private SetOverrides() {
    }

    static void apply(YamlTree tree, List<String> assignments, List<Problem> problems) {
        for (String assignment : assignments) {
            int eq = assignment.indexOf('=');
            if (eq <= 0) {
                problems.add(new Problem(SOURCE, 0, 0, assignment, "expected key=value such as publishers.clients=4, "
                        + (eq < 0 ? "found no '='" : "found no key before '='")));
                continue;
            }
            String key = assignment.substring(0, eq).strip();
            String text = assignment.substring(eq + 1);
            List<Object> path = parsePath(key);
            if (path == null) {
                problems.add(new Problem(SOURCE, 0, 0, key,
                        "expected a field path such as publishers.clients or subscribers[0].selector"));
                continue;
            }
            String error = set(tree, path, scalar(text), new YamlTree.Origin(SOURCE, null, ""), true);
            if (error != null) {
                problems.add(new Problem(SOURCE, 0, 0, key, error));
            } else if (key.equals("broker.url")) {
                dropEmbeddedBroker(tree);
            }
        }
    }

    /**
     * {@code --set broker.url=...} points a scenario written for the embedded broker at an
     * external one (a testbed's broker machine): the embedded broker's own settings go with it.
     */
    private static void dropEmbeddedBroker(YamlTree tree) {
        if (tree.root instanceof ObjectNode root && root.get("broker") instanceof ObjectNode broker) {
            broker.retain("url", "reuse", "kind");
        }
    }

    /**
     * Sets {@code key} (a field path) to {@code value}; returns why it could not, or {@code null}.
     * {@code ownCreated} as for {@link #set}.
     */
    static String assign(YamlTree tree, String key, JsonNode value, YamlTree.Origin origin, boolean ownCreated) {
        List<Object> path = parsePath(key);
        if (path == null) {
            return "expected a field path such as publishers.clients or subscribers[0].selector";
        }
        return set(tree, path, value, origin, ownCreated);
    }

    static boolean isPath(String key) {
        return parsePath(key) != null;
    }

    private static List<Object> parsePath(String key) {
        if (key.length() > MAX_PATH) {
            return null; // PART's repeated group recurses once per index: a long key is refused before it
        }
        List<Object> path = new ArrayList<>();
        for (String part : key.split("\\.", -1)) {
            Matcher m = PART.matcher(part);
            if (!m.matches()) {
                return null;
            }
            path.add(m.group(1));
            Matcher index = INDEX.matcher(m.group(2));
            while (index.find()) {
                path.add(Integer.parseInt(index.group(1)));
            }
        }
        return path;
    }

    /**
     * {@code ownCreated}: a mapping this creates on the way belongs to {@code origin}, so a misspelt
     * section on the command line is blamed on the command line, not on the file. (A sweep's
     * values each create the same mapping, whose problem is reported once, at the file's key.)
     */
    private static String set(YamlTree tree, List<Object> path, JsonNode value, YamlTree.Origin origin,
                              boolean ownCreated) {
        JsonNode current = tree.root;
        StringBuilder pointer = new StringBuilder();
        for (int i = 0; i < path.size(); i++) {
            Object step = path.get(i);
            boolean last = i == path.size() - 1;
            pointer.append('/').append(step);
            if (step instanceof String name) {
                if (!(current instanceof ObjectNode object)) {
                    String at = Kinds.fieldPath(pointer.substring(0, pointer.lastIndexOf("/")));
                    return "expected a mapping at " + at + ", found " + Kinds.of(current)
                            + (current.isArray() && at.equals("publishers")
                            ? " of publisher groups (name one, such as publishers[0]." + name + ")" : "");
                }
                if (last) {
                    object.set(name, value);
                } else if (!object.has(name) || object.get(name).isNull()) {
                    if (path.get(i + 1) instanceof Integer index) {
                        return "expected an index of an existing list entry, found " + index
                                + " (the file has no " + name + " list)";
                    }
                    object.set(name, JsonNodeFactory.instance.objectNode());
                    if (ownCreated) {
                        tree.markOverridden(pointer.toString(), origin);
                    }
                }
                current = object.get(name);
            } else {
                int index = (Integer) step;
                if (!(current instanceof ArrayNode array) || index >= array.size()) {
                    return "expected an index of an existing list entry, found " + index;
                }
                if (last) {
                    array.set(index, value);
                }
                current = array.get(index);
            }
        }
        tree.markOverridden(pointer.toString(), origin);
        return null;
    }

    private static JsonNode scalar(String text) {
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        String t = text.strip();
        if (t.equals("true") || t.equals("false")) {
            return nodes.booleanNode(Boolean.parseBoolean(t));
        }
        if (t.matches("-?\\d{1,18}")) {
            return nodes.numberNode(Long.parseLong(t));
        }
        if (t.matches("-?\\d+\\.\\d+")) {
            return nodes.numberNode(new BigDecimal(t));
        }
        if (t.equals("null") || t.equals("~")) {
            return nodes.nullNode();
        }
        return nodes.textNode(text);
    }
}
