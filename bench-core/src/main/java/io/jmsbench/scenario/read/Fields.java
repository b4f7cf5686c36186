package io.jmsbench.scenario.read;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jmsbench.scenario.Problem;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * Reads the fields of one YAML mapping, checking each against what it should be, and collects a
 * {@link Problem} (with the value's file position) for every mistake instead of stopping at the first.
 * {@link #finish()} reports the fields nobody asked for as unknown, with the nearest valid name.
 * Each kind of value is read by its own class ({@link TextValues}, {@link NumberValues},
 * {@link DurationValues}, {@link AgentAddresses}); nested mappings and lists by {@link Nested}.
 */
final class Fields {

    private final YamlTree tree;
    private final String pointer;
    private final JsonNode node;
    private final List<Problem> problems;
    private final Set<String> known = new LinkedHashSet<>();
    /** Accepted but not advertised in "expected one of" (test hooks). */
    private final Set<String> hidden = new LinkedHashSet<>();
    /** Where the recording mode writes what is asked for; {@code null} when reading a file. */
    private final MappingSchema schema;
    /** Recording: the fields {@link #has} said were there in this run (their fallback is no default then). */
    private final Set<String> saidPresent = new LinkedHashSet<>();
    private final Nested nested = new Nested(this);

    Fields(YamlTree tree, String pointer, JsonNode node, List<Problem> problems, MappingSchema schema) {
        this.tree = tree;
        this.pointer = pointer;
        this.node = node;
        this.problems = problems;
        this.schema = schema;
    }

    static Fields root(YamlTree tree, List<Problem> problems) {
        return new Fields(tree, "", tree.root, problems, null);
    }

    /** Recording: {@code value} is the field's schema, {@code fallback} its default if it was read as absent. */
    void describeField(String key, Supplier<ObjectNode> value, Object fallback) {
        if (schema != null) {
            schema.field(key, value.get(), fallback, !saidPresent.contains(key));
        }
    }

    /** The value at {@code key}, marking it known; {@code null} when absent. */
    JsonNode take(String key) {
        known.add(key);
        JsonNode value = node.get(key);
        return value == null || value.isNull() ? null : value;
    }

    void known(String key) {
        known.add(key);
    }

    void hidden(String key) {
        hidden.add(key);
    }

    void saidPresent(String key) {
        saidPresent.add(key);
    }

    MappingSchema schema() {
        return schema;
    }

    JsonNode node() {
        return node;
    }

    String pointer() {
        return pointer;
    }

    String path() {
        return Kinds.fieldPath(pointer);
    }

    boolean has(String key) {
        known.add(key);
        if (schema != null) {
            boolean present = schema.present(key);
            if (present) {
                saidPresent.add(key);
            }
            return present;
        }
        JsonNode value = node.get(key);
        return value != null && !value.isNull();
    }

    /** Like {@link #has}, for a field that unknown-field messages should not suggest (a test hook). */
    boolean hasHidden(String key) {
        hidden.add(key);
        if (schema != null) {
            return false; // not advertised in the schema either
        }
        JsonNode value = node.get(key);
        return value != null && !value.isNull();
    }

    String string(String key, String fallback) {
        return TextValues.string(this, key, fallback, TextValues.anyText());
    }

    String string(String key, String fallback, Supplier<ObjectNode> valueSchema) {
        return TextValues.string(this, key, fallback, valueSchema);
    }

    String string(String key, String fallback, Pattern pattern, String expected) {
        return TextValues.string(this, key, fallback, pattern, expected);
    }

    boolean bool(String key, boolean fallback) {
        Boolean value = TextValues.optionalBool(this, key, fallback);
        return value == null ? fallback : value;
    }

    /** A field whose absence means unset: {@code null} when absent, or when wrong (with its problem). */
    Boolean optionalBool(String key) {
        return TextValues.optionalBool(this, key, null);
    }

    <E extends Enum<E>> E choice(String key, E fallback, Class<E> type, Function<E, String> yamlName) {
        return TextValues.choice(this, key, fallback, type, yamlName);
    }

    int integer(String key, int fallback, int min, int max) {
        return NumberValues.integer(this, key, fallback, min, max);
    }

    double decimal(String key, double fallback, double min, double max) {
        return NumberValues.decimal(this, key, fallback, min, max);
    }

    double fraction(String key, double fallback, double min, double max) {
        return NumberValues.fraction(this, key, fallback, min, max);
    }

    double rate(String key, String expected) {
        return NumberValues.rate(this, key, expected);
    }

    long megabytes(String key, long fallback) {
        Long value = NumberValues.megabytes(this, key, fallback);
        return value == null ? fallback : value;
    }

    /** {@link #megabytes} of a field whose absence means unset: {@code null} when absent or wrong. */
    Long optionalMegabytes(String key) {
        return NumberValues.megabytes(this, key, null);
    }

    boolean isAuto(String key, boolean fallback) {
        return DurationValues.isAuto(this, key, fallback);
    }

    /** A duration such as {@code 10s}, {@code 500ms}, {@code 2m}; at least {@code min}. */
    Duration duration(String key, Duration fallback, Duration min) {
        return DurationValues.duration(this, key, fallback, min, "a duration");
    }

    /** {@link #duration} of a field that may also say {@code auto} (read by {@link #isAuto} first). */
    Duration durationUnlessAuto(String key, Duration fallback, Duration min) {
        return DurationValues.duration(this, key, fallback, min, "auto or a duration");
    }

    List<String> addresses(String key) {
        return AgentAddresses.read(this, key);
    }

    /** The names of this mapping's fields, in file order. */
    List<String> names() {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    /** The raw value at {@code key} (marking it known), for a key of {@link #entries}. */
    JsonNode raw(String key) {
        return take(key);
    }

    /** The raw value at {@code key} (marking it known), for readers with their own rules: {@code valueSchema}. */
    JsonNode raw(String key, Supplier<ObjectNode> valueSchema) {
        describeField(key, valueSchema, null);
        return take(key);
    }

    /**
     * Tells the schema that this mapping's keys are free, each matching {@code keyPattern} (its
     * values read through {@link #names} and {@link #raw(String)}): their values are {@code value}.
     */
    void entries(Pattern keyPattern, Supplier<ObjectNode> value) {
        if (schema != null) {
            schema.entries(ValueSchemas.anchored(keyPattern.pattern()), value.get());
        }
    }

    /** The file position of the value at {@code pointer} relative to this mapping ("/key/0"). */
    JsonLocation locationOf(String relativePointer) {
        return tree.valueAt(pointer + relativePointer);
    }

    YamlTree tree() {
        return tree;
    }

    List<Problem> problems() {
        return problems;
    }

    /** The mappings and lists inside this mapping, and its fields that take one of two shapes. */
    Nested nested() {
        return nested;
    }

    Fields mapping(String key) {
        return nested.mapping(key);
    }

    Fields hiddenMapping(String key) {
        return nested.hiddenMapping(key);
    }

    List<Fields> mappings(String key) {
        return nested.mappings(key);
    }

    /** Whether this reads nothing but records the schema ({@link MappingSchema#describe}). */
    boolean describing() {
        return schema != null;
    }

    /** Entries of the list at {@code key}; -1 when it is absent or not a list. */
    int listSize(String key) {
        JsonNode value = node.get(key);
        return value != null && value.isArray() ? value.size() : -1;
    }

    /** Reports a problem with the value of {@code key}. */
    void problem(String key, String message) {
        problemBelow("/" + key, message);
    }

    /** Reports a problem with the value at {@code relativePointer} below this mapping ("/key/0"). */
    void problemBelow(String relativePointer, String message) {
        String child = pointer + relativePointer;
        at(child, tree.valueAt(child), message);
    }

    /** Reports a problem at any JSON pointer of the document (for checks across fields). */
    void problemAt(String absolutePointer, String message) {
        at(absolutePointer, tree.valueAt(absolutePointer), message);
    }

    /** Reports a problem with this mapping as a whole. */
    void problem(String message) {
        at(pointer, tree.valueAt(pointer), message);
    }

    /** Reports every field of this mapping that no reader asked for. */
    void finish() {
        Iterator<String> names = node.fieldNames();
        while (names.hasNext()) {
            String name = names.next();
            if (known.contains(name) || hidden.contains(name)) {
                continue;
            }
            String child = pointer + "/" + name;
            String nearest = NearestName.of(name, known);
            String hint = nearest == null ? "" : "; did you mean '" + nearest + "'?";
            at(child, tree.keyAt(child), "unknown field, expected one of " + String.join(", ", known) + hint);
        }
    }

    private void at(String childPointer, JsonLocation location, String message) {
        problems.add(tree.problem(childPointer, location, message));
    }
}
