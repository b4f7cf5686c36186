package io.jmsbench.scenario.read;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jmsbench.scenario.Problem;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The mappings and lists inside one mapping ({@link Fields}), and its fields that take one of two
 * shapes ({@code rate: max} or a list of segments, {@code cpus: auto} or a mapping). While the schema
 * is recorded, each reads the side that describes the most.
 */
final class Nested {

    private static final String MAPPING = "a mapping of fields";
    private static final String LIST = "a list of mappings";

    private final Fields f;

    Nested(Fields f) {
        this.f = f;
    }

    /** The nested mapping at {@code key}; an absent one reads as empty, so its defaults apply. */
    Fields mapping(String key) {
        String child = f.pointer() + "/" + key;
        if (f.schema() != null) {
            f.known(key);
            return recordingChild(child, f.schema().mapping(key, MAPPING));
        }
        JsonNode value = f.take(key);
        if (value == null) {
            return child(child, JsonNodeFactory.instance.objectNode(), f.problems());
        }
        if (!value.isObject()) {
            f.problem(key, "expected " + MAPPING + ", found " + Kinds.of(value));
            return child(child, JsonNodeFactory.instance.objectNode(), new ArrayList<>());
        }
        return child(child, value, f.problems());
    }

    /** A nested mapping at a hidden key (see {@link Fields#hasHidden}). */
    Fields hiddenMapping(String key) {
        f.hidden(key);
        JsonNode value = f.node().get(key);
        String child = f.pointer() + "/" + key;
        if (value == null || !value.isObject()) {
            if (value != null && !value.isNull()) {
                f.problem(key, "expected " + MAPPING + ", found " + Kinds.of(value));
            }
            return child(child, JsonNodeFactory.instance.objectNode(), new ArrayList<>());
        }
        return child(child, value, f.problems());
    }

    /** The mappings of the list at {@code key}; {@code null} when absent. */
    List<Fields> mappings(String key) {
        if (f.schema() != null) {
            f.known(key);
            return List.of(recordingChild(f.pointer() + "/" + key + "/0", f.schema().listOfMappings(key, LIST)));
        }
        JsonNode value = f.take(key);
        if (value == null) {
            return null;
        }
        if (!value.isArray()) {
            f.problem(key, "expected " + LIST + ", found " + Kinds.of(value));
            return List.of();
        }
        List<Fields> items = new ArrayList<>();
        for (int i = 0; i < value.size(); i++) {
            JsonNode item = value.get(i);
            if (item.isObject()) {
                items.add(child(f.pointer() + "/" + key + "/" + i, item, f.problems()));
            } else {
                f.problemBelow("/" + key + "/" + i, "expected " + MAPPING + ", found " + Kinds.of(item));
            }
        }
        return items;
    }

    /**
     * Whether the value at {@code key} is a mapping, for a field that may be a plain value or a
     * mapping ({@link #mappingOrText}); always while recording the schema, so the mapping is described.
     */
    boolean isMapping(String key) {
        if (f.schema() != null) {
            return true;
        }
        JsonNode value = f.node().get(key);
        return value != null && value.isObject();
    }

    /** Whether the value at {@code key} is a list (always while recording the schema: the list side is read). */
    boolean isList(String key) {
        if (f.schema() != null) {
            return true;
        }
        JsonNode value = f.node().get(key);
        return value != null && value.isArray();
    }

    /** Whether the value at {@code key} is a text (never while recording the schema: the mapping side is read). */
    boolean isText(String key) {
        if (f.schema() != null) {
            return false;
        }
        JsonNode value = f.node().get(key);
        return value != null && value.isTextual();
    }

    /**
     * {@link #mapping} of a field that may instead be a text ({@code cpus: auto}), which its reader
     * reads with {@link Fields#string} after {@link #isText}; {@code textSchema} is what that text may be.
     */
    Fields mappingOrText(String key, Supplier<ObjectNode> textSchema) {
        if (f.schema() != null) {
            f.known(key);
            return recordingChild(f.pointer() + "/" + key, f.schema().mappingOrText(key, MAPPING, textSchema.get()));
        }
        return mapping(key);
    }

    /**
     * {@link #mappings} of a field that may instead be a text ({@code rate: max}), which its reader
     * reads with {@link Fields#string} when not {@link #isList}; {@code textSchema} is what that text may be,
     * {@code fallback} the field's default, {@code listDescription} what the list is.
     */
    List<Fields> mappingsOrText(String key, String listDescription, String fallback, Supplier<ObjectNode> textSchema) {
        if (f.schema() != null) {
            f.known(key);
            return List.of(recordingChild(f.pointer() + "/" + key + "/0",
                    f.schema().listOfMappingsOrText(key, listDescription, textSchema.get(), fallback)));
        }
        return mappings(key);
    }

    /**
     * Recording only: a field that is one mapping or a list of mappings, each form read by its own
     * reader; the mapping to record the one form in, then the item to record the other in.
     */
    List<Fields> describeMappingOrList(String key, String listDescription) {
        f.known(key);
        List<MappingSchema> sides = f.schema().mappingOrListOfMappings(key, MAPPING, listDescription);
        return List.of(recordingChild(f.pointer() + "/" + key, sides.get(0)),
                recordingChild(f.pointer() + "/" + key + "/0", sides.get(1)));
    }

    private Fields child(String pointer, JsonNode node, List<Problem> problems) {
        return new Fields(f.tree(), pointer, node, problems, null);
    }

    private Fields recordingChild(String pointer, MappingSchema schema) {
        return new Fields(f.tree(), pointer, JsonNodeFactory.instance.objectNode(), f.problems(), schema);
    }
}
