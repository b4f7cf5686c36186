package io.jmsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jmsbench.scenario.read.ScenarioSchema;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * docs/reference/scenario-fields.md: one table per section of a scenario, read from the schema the
 * loader's own readers describe ({@link ScenarioSchema}), so a field, its type, its bounds and its
 * default cannot be listed here and not read there, or the other way round.
 */
final class ScenarioFieldsReference {

    /** Where the prose about a top-level section (what it is for, its rules across fields) lives. */
    private static final Map<String, String> PROSE = Map.ofEntries(
            Map.entry("broker", "../scenarios.md#delivery-broker-configuration-latency-and-the-audit"),
            Map.entry("destination", "../scenarios.md#delivery-broker-configuration-latency-and-the-audit"),
            Map.entry("message", "../scenarios.md#sizes-that-vary"),
            Map.entry("publishers", "../scenarios.md#rates-that-change-profiles"),
            Map.entry("subscribers", "../scenarios.md#filters-message-variants-sweeps-and-repeats"),
            Map.entry("delivery", "../scenarios.md#delivery-broker-configuration-latency-and-the-audit"),
            Map.entry("phases", "../scenarios.md#phases"),
            Map.entry("validity", "../scenarios.md#one-machine-as-a-testbed-cpu-partitions"),
            Map.entry("agents", "../scenarios.md#agents-on-other-machines"),
            Map.entry("cpus", "../scenarios.md#one-machine-as-a-testbed-cpu-partitions"),
            Map.entry("faults", "../scenarios.md#faults-the-broker-paused-killed-or-restarted-or-cut-off"),
            Map.entry("cases", "../scenarios.md#filters-message-variants-sweeps-and-repeats"),
            Map.entry("compare", "../scenarios.md#brokers-and-protocols-side-by-side-compare"),
            Map.entry("sweep", "../scenarios.md#filters-message-variants-sweeps-and-repeats"),
            Map.entry("search", "../scenarios.md#capacity-under-a-latency-bound-search"),
            Map.entry("expect", "../scenarios.md#what-the-results-should-show-expect"));

    private record Section(String path, JsonNode node) {
    }

    private final Deque<Section> queue = new ArrayDeque<>();
    /** Each section's anchor, by its schema node: a section met twice (a group's message) is listed once. */
    private final Map<JsonNode, String> anchors = new HashMap<>();
    private final Set<String> slugs = new HashSet<>();
    private final Map<String, String> headings = new HashMap<>();
    /** The row being written says in words what its text must be, so its pattern is left to the schema. */
    private boolean wordsSaid;

    private ScenarioFieldsReference() {
    }

    static String markdown() {
        return new ScenarioFieldsReference().render(ScenarioSchema.generate());
    }

    private String render(ObjectNode schema) {
        StringBuilder md = new StringBuilder();
        md.append("# Scenario fields\n\n");
        md.append(ReferenceDocs.GENERATED).append(" from the scenario loader's readers, the same description ")
                .append("`jmsbench schema` prints as scenarios/scenario.schema.json.\n\n");
        md.append("One table per section of a scenario file. **Takes** is what the loader accepts: a value of ")
                .append("another type or beyond its bounds is refused at its line, with the loader's \"expected ...\" ")
                .append("text (the **What it is** column, where it says more than **Takes**) as the reason; a text's ")
                .append("exact pattern, where **What it is** says it in words, is in scenarios/scenario.schema.json. A default of \"—\" means unset: the ")
                .append("feature is off, or another field decides. Rules across fields (`url` or `embedded`, ")
                .append("`ackEvery` only with `ack: client`, a selector the broker's parser accepts, what a ")
                .append("provider cannot do) are checked only by the loader: `jmsbench validate FILE` says each ")
                .append("one at its line, and [scenarios.md](../scenarios.md) says why, beside each feature.\n\n");
        md.append("The schema is a little stricter than the loader in two ways: enum names in lower case only ")
                .append("(the loader ignores case), and no empty values (`drain:` with nothing after it, which the ")
                .append("loader reads as absent).\n");
        queue.add(new Section("", schema));
        anchor("(top level)", schema);
        while (!queue.isEmpty()) {
            section(md, queue.poll());
        }
        return md.toString();
    }

    private void section(StringBuilder md, Section section) {
        String title = section.path().isEmpty() ? "(top level)" : section.path();
        md.append("\n## ").append(headingOf(anchors.get(section.node()), title)).append("\n\n");
        JsonNode node = section.node();
        String top = section.path().split("[.\\[]", 2)[0];
        if (PROSE.containsKey(top) && (section.path().equals(top) || section.path().equals(top + "[]"))) {
            md.append("What it is for: [scenarios.md](").append(PROSE.get(top)).append(").\n\n");
        }
        if (node.has("propertyNames")) {
            wordsSaid = false;
            md.append("Its keys are free, each matching `").append(cell(node.get("propertyNames").get("pattern").asText()))
                    .append("`; each value takes ").append(takes(node.get("additionalProperties"), section.path() + ".KEY"))
                    .append(".\n");
            return;
        }
        md.append("| Field | Takes | Default | What it is |\n|---|---|---|---|\n");
        for (Iterator<Map.Entry<String, JsonNode>> it = node.get("properties").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            String path = section.path().isEmpty() ? field.getKey() : section.path() + "." + field.getKey();
            JsonNode value = field.getValue();
            wordsSaid = !said(value).isEmpty();
            md.append("| `").append(field.getKey()).append("` | ").append(takes(value, path)).append(" | ")
                    .append(fallback(value))
                    .append(" | ").append(said(value))
                    .append(" |\n");
        }
    }

    /** What a value takes: its type, its bounds, or a link to the section that lists its fields. */
    private String takes(JsonNode value, String path) {
        if (value.has("properties") || value.has("propertyNames")) {
            return "a mapping: [" + path + "](#" + sectionFor(path, value) + ")";
        }
        if (value.has("anyOf")) {
            List<String> either = new ArrayList<>();
            value.get("anyOf").forEach(a -> either.add(takes(a, path)));
            return String.join("; or ", either);
        }
        if (value.has("enum")) {
            List<String> names = new ArrayList<>();
            value.get("enum").forEach(n -> names.add("`" + n.asText() + "`"));
            return names.size() == 1 ? names.get(0) : "one of " + String.join(", ", names);
        }
        String type = value.path("type").isArray() ? "text" : value.path("type").asText("any value");
        return switch (type) {
            case "array" -> list(value, path);
            case "integer" -> "a whole number" + bounds(value);
            case "number" -> "a number" + bounds(value);
            case "boolean" -> "`true` or `false`";
            case "string" -> value.has("pattern") && !wordsSaid
                    ? "text matching `" + cell(value.get("pattern").asText()) + "`" : "text";
            default -> type;
        };
    }

    private String list(JsonNode value, String path) {
        StringBuilder s = new StringBuilder("a list");
        if (value.has("minItems") && value.has("maxItems")
                && value.get("minItems").asLong() == value.get("maxItems").asLong()) {
            s.append(" of exactly ").append(value.get("minItems").asLong());
        } else {
            if (value.has("minItems")) {
                s.append(", at least ").append(value.get("minItems").asLong());
            }
            if (value.has("maxItems")) {
                s.append(", at most ").append(value.get("maxItems").asLong());
            }
        }
        if (value.path("uniqueItems").asBoolean(false)) {
            s.append(", each once");
        }
        if (value.has("items")) {
            s.append(", each ").append(takes(value.get("items"), path + "[]"));
        }
        return s.toString();
    }

    private static String bounds(JsonNode value) {
        boolean exclusive = value.has("exclusiveMinimum");
        String low = exclusive ? "above " + number(value.get("exclusiveMinimum"))
                : value.has("minimum") ? "from " + number(value.get("minimum")) : null;
        String high = value.has("maximum") ? number(value.get("maximum")) : null;
        if (low == null) {
            return high == null ? "" : " at most " + high;
        }
        return " " + low + (high == null ? "" : exclusive ? ", at most " + high : " to " + high);
    }

    private static String number(JsonNode n) {
        return n.isIntegralNumber() || n.asDouble() == Math.rint(n.asDouble()) && Math.abs(n.asDouble()) < 1e15
                ? String.format(Locale.ROOT, "%,d", n.asLong()) : n.asText();
    }

    /** The anchor of the section that lists {@code node}'s fields, queued the first time it is met. */
    private String sectionFor(String path, JsonNode node) {
        String known = anchors.get(node);
        if (known != null) {
            return known;
        }
        queue.add(new Section(path, node));
        return anchor(path, node);
    }

    private String anchor(String title, JsonNode node) {
        String heading = "`" + title + "`";
        String slug = slug(heading);
        for (int n = 2; !slugs.add(slug); n++) {
            heading = "`" + title + "` (" + n + ")";
            slug = slug(heading);
        }
        anchors.put(node, slug);
        headings.put(slug, heading);
        return slug;
    }

    private String headingOf(String slug, String title) {
        return headings.getOrDefault(slug, "`" + title + "`");
    }

    /** The loader's words for a value, where they say more than the Takes column. */
    private static String said(JsonNode value) {
        String text = value.path("description").asText("");
        boolean generic = text.equals("true or false") || text.equals("a text") || text.equals("a mapping of fields")
                || text.equals("a list of mappings") || text.startsWith("one of ") || text.startsWith("a whole number from ");
        return generic ? "" : cell(text);
    }

    private static String fallback(JsonNode value) {
        if (!value.has("default")) {
            return "—";
        }
        String text = value.get("default").asText();
        return text.isEmpty() ? "`\"\"`" : "`" + cell(text) + "`";
    }

    /** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
    private static String slug(String heading) {
        return heading.strip().toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}_\\- ]", "").replace(' ', '-');
    }

    /** A text made safe for one cell of a Markdown table. */
    private static String cell(String text) {
        return text.replace("|", "\\|").replace("\n", " ");
    }
}
