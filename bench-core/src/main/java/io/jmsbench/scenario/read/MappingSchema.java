package io.jmsbench.scenario.read;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.jmsbench.scenario.Problem;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The JSON Schema of one YAML mapping, written down by {@link Fields} in its recording mode as the
 * readers ask for each field. The readers run several times ({@link #describe}), each field
 * merged into the same node, until a run finds nothing new.
 */
final class MappingSchema {

    private static final int MAX_DESCRIBE_RUNS = 10;

    private final ObjectNode node;
    private final ObjectNode properties;
    private final Map<String, MappingSchema> children = new HashMap<>();
    /** Fields whose value has a schema; the others are still to be explored. */
    private final Set<String> described = new HashSet<>();
    private final Set<String> sections = new HashSet<>();
    /** One flag for the whole tree: whether this run recorded anything new. */
    private final boolean[] changed;

    private MappingSchema(ObjectNode node, boolean[] changed) {
        this.node = node;
        this.changed = changed;
        node.put("type", "object");
        this.properties = node.putObject("properties");
        node.put("additionalProperties", false);
    }

    static MappingSchema root() {
        return new MappingSchema(JsonNodeFactory.instance.objectNode(), new boolean[1]);
    }

    /**
     * The JSON Schema of what {@code reader} reads, from the very calls it makes: each reader method
     * records its field instead of reading a value. Every {@link Fields#has} is answered "present"
     * until its field is described, "absent" after (an {@link Fields#isAuto} "auto", then not), and
     * the reader runs again until a run finds nothing new, so both sides of every branch are described.
     */
    static ObjectNode describe(Consumer<Fields> reader) {
        MappingSchema root = root();
        List<Problem> ignored = new ArrayList<>();
        YamlTree empty = YamlTree.parse("{}", "(schema)", ignored);
        for (int run = 0; run < MAX_DESCRIBE_RUNS; run++) {
            reader.accept(new Fields(empty, "", JsonNodeFactory.instance.objectNode(), ignored, root));
            ignored.clear();
            if (!root.takeChanged()) {
                return root.node();
            }
        }
        throw new IllegalStateException("the scenario readers still describe new fields after "
                + MAX_DESCRIBE_RUNS + " runs");
    }

    ObjectNode node() {
        return node;
    }

    /** Whether a run recorded anything new since the last call, which starts a new run. */
    boolean takeChanged() {
        boolean was = changed[0];
        changed[0] = false;
        return was;
    }

    /**
     * What {@code has(key)} answers while recording: present while the field has no schema yet (so
     * the branches behind it run), absent after (so the branches for its absence run next time); a
     * section (mapping or list) is always present, so the fields inside it are reached.
     */
    boolean present(String key) {
        return !described.contains(key) || sections.contains(key);
    }

    /**
     * Records the schema of a field's value; {@code fallback} (what {@link ValueSchemas#json} writes,
     * or null) is its default when the reader read the field as absent.
     */
    void field(String key, ObjectNode value, Object fallback, boolean readAsAbsent) {
        ObjectNode existing = (ObjectNode) properties.get(key);
        if (existing == null) {
            existing = properties.putObject(key);
            changed[0] = true;
        }
        if (described.add(key)) {
            changed[0] = true;
        }
        existing.setAll(value);
        if (readAsAbsent && fallback != null && !existing.has("default")) {
            existing.set("default", ValueSchemas.json(fallback));
            changed[0] = true;
        }
    }

    /** Records that {@code key} may say {@code auto}, its default when {@code autoByDefault}. */
    void auto(String key, boolean autoByDefault) {
        ObjectNode existing = (ObjectNode) properties.get(key);
        if (existing == null) {
            existing = properties.putObject(key);
            changed[0] = true;
        }
        if (autoByDefault && !existing.has("default")) {
            existing.put("default", DurationValues.AUTO);
            changed[0] = true;
        }
    }

    /** Whether {@code isAuto(key)} was asked in an earlier run, so this run takes the other branch. */
    boolean autoAsked(String key) {
        return properties.has(key);
    }

    /** The schema of the mapping at {@code key}. */
    MappingSchema mapping(String key, String description) {
        return children.computeIfAbsent(key, k -> {
            MappingSchema child = new MappingSchema(JsonNodeFactory.instance.objectNode(), changed);
            child.node.put("description", description);
            properties.set(key, child.node);
            sections.add(key);
            described.add(key);
            changed[0] = true;
            return child;
        });
    }

    /** The schema of the mapping at {@code key}, whose value may instead be a text as {@code text} says. */
    MappingSchema mappingOrText(String key, String description, ObjectNode text) {
        return children.computeIfAbsent(key, k -> {
            MappingSchema child = new MappingSchema(JsonNodeFactory.instance.objectNode(), changed);
            child.node.put("description", description);
            ObjectNode either = properties.putObject(key);
            either.putArray("anyOf").add(text).add(child.node);
            sections.add(key);
            described.add(key);
            changed[0] = true;
            return child;
        });
    }

    /**
     * A field that is one mapping or a list of mappings of other fields: the schema of the mapping,
     * then of each item of the list.
     */
    List<MappingSchema> mappingOrListOfMappings(String key, String description, String listDescription) {
        MappingSchema one = children.computeIfAbsent(key, k -> {
            MappingSchema mapping = new MappingSchema(JsonNodeFactory.instance.objectNode(), changed);
            mapping.node.put("description", description);
            properties.putObject(key).putArray("anyOf").add(mapping.node);
            sections.add(key);
            described.add(key);
            changed[0] = true;
            return mapping;
        });
        MappingSchema each = children.computeIfAbsent(key + "[]", k -> {
            MappingSchema item = new MappingSchema(JsonNodeFactory.instance.objectNode(), changed);
            ObjectNode list = ((ArrayNode) properties.get(key).get("anyOf")).addObject();
            list.put("type", "array");
            list.put("description", listDescription);
            list.put("minItems", 1);
            list.set("items", item.node);
            changed[0] = true;
            return item;
        });
        return List.of(one, each);
    }

    /** The schema of each mapping of the list at {@code key}. */
    MappingSchema listOfMappings(String key, String description) {
        return children.computeIfAbsent(key, k -> {
            MappingSchema item = new MappingSchema(JsonNodeFactory.instance.objectNode(), changed);
            ObjectNode list = properties.putObject(key);
            list.put("type", "array");
            list.put("description", description);
            list.set("items", item.node);
            sections.add(key);
            described.add(key);
            changed[0] = true;
            return item;
        });
    }

    /** {@link #listOfMappings} of a field whose value may instead be a text as {@code text} says; {@code fallback} its default. */
    MappingSchema listOfMappingsOrText(String key, String description, ObjectNode text, String fallback) {
        return children.computeIfAbsent(key, k -> {
            MappingSchema item = new MappingSchema(JsonNodeFactory.instance.objectNode(), changed);
            ObjectNode list = JsonNodeFactory.instance.objectNode();
            list.put("type", "array");
            list.put("description", description);
            list.put("minItems", 1);
            list.set("items", item.node);
            ObjectNode either = properties.putObject(key);
            if (text.has("description")) {
                either.set("description", text.get("description"));
            }
            ArrayNode any = either.putArray("anyOf");
            if (text.has("anyOf")) {
                text.get("anyOf").forEach(any::add);
            } else {
                any.add(text.without("description"));
            }
            any.add(list);
            either.put("default", fallback);
            sections.add(key);
            described.add(key);
            changed[0] = true;
            return item;
        });
    }

    /** This mapping's keys are free: each must match {@code keyPattern}, each value {@code value}. */
    void entries(String keyPattern, ObjectNode value) {
        if (!node.has("propertyNames")) {
            node.putObject("propertyNames").put("pattern", keyPattern);
            node.set("additionalProperties", value);
            changed[0] = true;
        }
    }
}
