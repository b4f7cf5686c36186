package io.jmsbench.scenario.read;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jmsbench.scenario.Problem;
import io.jmsbench.text.Durations;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the fields of one YAML mapping, checking each against what it should be, and collects a
 * {@link Problem} (with the value's file position) for every mistake instead of stopping at the first.
 * {@link #finish()} reports the fields nobody asked for as unknown, with the nearest valid name.
 */
final class Fields {

    private static final Pattern DURATION = Pattern.compile("(\\d+)\\s*(ms|s|m|h)");
    private static final int MAX_DURATION_DIGITS = 9;
    private static final Pattern ADDRESS = Pattern.compile("([A-Za-z0-9._-]+|\\[[0-9A-Fa-f:.]+\\]):\\d{1,5}");
    private static final Pattern PERCENT = Pattern.compile("\\d{1,3}(\\.\\d{1,6})?\\s*%");
    static final String AUTO = "auto";
    private static final String TEXT = "a text";
    private static final String MAPPING = "a mapping of fields";
    private static final String LIST = "a list of mappings";
    private static final String ADDRESS_EXPECTED = "an agent address HOST:PORT such as 10.0.0.3:7100";
    private static final String TRUE_OR_FALSE = "true or false";
    private static final Pattern SIZE = Pattern.compile("(\\d+)\\s*(KB|MB|GB)");
    private static final int MAX_DESCRIBE_RUNS = 10;
    private static final String SIZE_EXPECTED = "a positive size such as 64MB, 512KB or 2GB";

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

    Fields(YamlTree tree, String pointer, JsonNode node, List<Problem> problems) {
        this(tree, pointer, node, problems, null);
    }

    private Fields(YamlTree tree, String pointer, JsonNode node, List<Problem> problems, MappingSchema schema) {
        this.tree = tree;
        this.pointer = pointer;
        this.node = node;
        this.problems = problems;
        this.schema = schema;
    }

    /**
     * The JSON Schema of what {@code reader} reads, from the very calls it makes: each reader method
     * records its field instead of reading a value. Every {@link #has} is answered "present" until
     * its field is described, "absent" after (an {@link #isAuto} "auto", then not), and the reader
     * runs again until a run finds nothing new, so both sides of every branch are described.
     */
    static ObjectNode describe(Consumer<Fields> reader) {
        MappingSchema root = MappingSchema.root();
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

    /** Recording: {@code value} is the field's schema, {@code fallback} its default if it was read as absent. */
    private void describeField(String key, Supplier<ObjectNode> value, Object fallback) {
        if (schema != null) {
            schema.field(key, value.get(), fallback, !saidPresent.contains(key));
        }
    }

    private Fields recordingChild(String childPointer, MappingSchema childSchema) {
        return new Fields(tree, childPointer, JsonNodeFactory.instance.objectNode(), problems, childSchema);
    }

    static Fields root(YamlTree tree, List<Problem> problems) {
        return new Fields(tree, "", tree.root, problems);
    }

    String path() {
        return Kinds.fieldPath(pointer);
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

    /** A nested mapping at a hidden key (see {@link #hasHidden}). */
    Fields hiddenMapping(String key) {
        hidden.add(key);
        JsonNode value = node.get(key);
        String child = pointer + "/" + key;
        if (value == null || !value.isObject()) {
            if (value != null && !value.isNull()) {
                problem(key, "expected a mapping of fields, found " + Kinds.of(value));
            }
            return new Fields(tree, child, JsonNodeFactory.instance.objectNode(),
                    new ArrayList<>());
        }
        return new Fields(tree, child, value, problems);
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

    String string(String key, String fallback) {
        return string(key, fallback, () -> ValueSchemas.text(TEXT));
    }

    /** {@link #string(String, String)} of a text whose own reader has rules the schema gives as {@code valueSchema}. */
    String string(String key, String fallback, Supplier<ObjectNode> valueSchema) {
        describeField(key, valueSchema, fallback);
        return text(key, fallback);
    }

    private String text(String key, String fallback) {
        JsonNode value = take(key);
        if (value == null) {
            return fallback;
        }
        if (!value.isTextual() && !value.isNumber() && !value.isBoolean()) {
            problem(key, "expected " + TEXT + ", found " + Kinds.of(value));
            return fallback;
        }
        return value.asText();
    }

    /** A text matching {@code pattern}; {@code expected} says in words what it must look like. */
    String string(String key, String fallback, Pattern pattern, String expected) {
        describeField(key, () -> ValueSchemas.pattern(expected, pattern), fallback);
        String value = text(key, null);
        if (value == null) {
            return fallback;
        }
        if (!pattern.matcher(value).matches()) {
            problem(key, "expected " + expected + ", found " + Kinds.of(node.get(key)));
            return fallback;
        }
        return value;
    }

    boolean bool(String key, boolean fallback) {
        Boolean value = optionalBool(key, fallback);
        return value == null ? fallback : value;
    }

    /** A field whose absence means unset: {@code null} when absent, or when wrong (with its problem). */
    Boolean optionalBool(String key) {
        return optionalBool(key, null);
    }

    private Boolean optionalBool(String key, Boolean fallback) {
        describeField(key, () -> ValueSchemas.bool(TRUE_OR_FALSE), fallback);
        JsonNode value = take(key);
        if (value == null) {
            return null;
        }
        if (!value.isBoolean()) {
            problem(key, "expected " + TRUE_OR_FALSE + ", found " + Kinds.of(value));
            return null;
        }
        return value.booleanValue();
    }

    int integer(String key, int fallback, int min, int max) {
        String expected = "a whole number from " + min + " to " + max;
        // a fallback out of range (phases.messages: 0) stands for "not set": no default to offer
        describeField(key, () -> ValueSchemas.integer(expected, min, max),
                fallback >= min && fallback <= max ? fallback : null);
        JsonNode value = take(key);
        if (value == null) {
            return fallback;
        }
        if (!value.isIntegralNumber()) {
            problem(key, "expected " + expected + ", found " + Kinds.of(value));
            return fallback;
        }
        if (!value.canConvertToLong() || value.longValue() < min || value.longValue() > max) {
            problem(key, "expected " + expected + ", found " + value.asText());
            return fallback;
        }
        return value.intValue();
    }

    double decimal(String key, double fallback, double min, double max) {
        String expected = "a number from " + min + " to " + max;
        describeField(key, () -> ValueSchemas.number(expected, min, max), fallback);
        JsonNode value = take(key);
        if (value == null) {
            return fallback;
        }
        if (!value.isNumber() || value.doubleValue() < min || value.doubleValue() > max) {
            problem(key, "expected " + expected + ", found " + Kinds.of(value));
            return fallback;
        }
        return value.doubleValue();
    }

    /** A fraction written as a percentage ({@code 5%}) or a number ({@code 0.05}), from {@code min} to {@code max}. */
    double fraction(String key, double fallback, double min, double max) {
        String expected = "a percentage from " + percent(min) + " to " + percent(max) + " such as 5%";
        describeField(key, () -> ValueSchemas.anyOf(expected, ValueSchemas.number(expected, min, max),
                ValueSchemas.pattern(expected, "\\s*" + PERCENT.pattern() + "\\s*")), fallback);
        JsonNode value = take(key);
        if (value == null) {
            return fallback;
        }
        double parsed = Double.NaN;
        if (value.isNumber()) {
            parsed = value.doubleValue();
        } else if (value.isTextual() && PERCENT.matcher(value.asText().strip()).matches()) {
            String text = value.asText().strip();
            parsed = Double.parseDouble(text.substring(0, text.length() - 1).strip()) / 100;
        }
        if (!(parsed >= min && parsed <= max)) {
            problem(key, "expected " + expected + ", found " + Kinds.of(value));
            return fallback;
        }
        return parsed;
    }

    private static String percent(double fraction) {
        return BigDecimal.valueOf(fraction * 100).stripTrailingZeros().toPlainString() + "%";
    }

    /**
     * Whether the field says {@code auto}; {@code fallback} when absent. Any other value is left for
     * the field's own reader, so its mistakes are told there.
     */
    boolean isAuto(String key, boolean fallback) {
        known.add(key);
        if (schema != null) {
            saidPresent.add(key);
            boolean auto = !schema.autoAsked(key);
            schema.auto(key, fallback);
            return auto;
        }
        JsonNode value = node.get(key);
        if (value == null || value.isNull()) {
            return fallback;
        }
        return value.isTextual() && AUTO.equals(value.asText().strip());
    }

    /** A size in megabytes written as {@code 64MB}, {@code 512KB} (rounded up), {@code 2GB} or a number of MB. */
    long megabytes(String key, long fallback) {
        Long value = optionalMegabytes(key, fallback);
        return value == null ? fallback : value;
    }

    /** {@link #megabytes} of a field whose absence means unset: {@code null} when absent or wrong. */
    Long optionalMegabytes(String key) {
        return optionalMegabytes(key, null);
    }

    private Long optionalMegabytes(String key, Long fallback) {
        describeField(key, () -> ValueSchemas.anyOf(SIZE_EXPECTED, ValueSchemas.integer(SIZE_EXPECTED, 1, (1L << 40) - 1),
                ValueSchemas.pattern(SIZE_EXPECTED, "\\s*(?=\\d*[1-9])\\d{1,9}\\s*[KkMmGg][Bb]\\s*")), fallback);
        JsonNode value = take(key);
        if (value == null) {
            return null;
        }
        Matcher m = value.isTextual() ? SIZE.matcher(value.asText().strip().toUpperCase(Locale.ROOT)) : null;
        if (value.isIntegralNumber() && value.longValue() > 0 && value.longValue() < 1L << 40) {
            return value.longValue();
        }
        if (m == null || !m.matches() || m.group(1).length() > 9 || Long.parseLong(m.group(1)) == 0) {
            problem(key, "expected " + SIZE_EXPECTED + ", found " + Kinds.of(value));
            return null;
        }
        long n = Long.parseLong(m.group(1));
        return switch (m.group(2)) {
            case "KB" -> Math.max(1, (n + 1023) / 1024);
            case "GB" -> n * 1024;
            default -> n;
        };
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

    <E extends Enum<E>> E choice(String key, E fallback, Class<E> type, Function<E, String> yamlName) {
        List<String> names = new ArrayList<>();
        for (E constant : type.getEnumConstants()) {
            names.add(yamlName.apply(constant));
        }
        String expected = "one of " + String.join(", ", names);
        describeField(key, () -> ValueSchemas.oneOfNames(expected, names),
                fallback == null ? null : yamlName.apply(fallback));
        JsonNode value = take(key);
        if (value == null) {
            return fallback;
        }
        for (E constant : type.getEnumConstants()) {
            if (value.isTextual() && yamlName.apply(constant).equals(value.asText().toLowerCase(Locale.ROOT))) {
                return constant;
            }
        }
        problem(key, "expected " + expected + ", found " + Kinds.of(value));
        return fallback;
    }

    /** A duration such as {@code 10s}, {@code 500ms}, {@code 2m}; at least {@code min}. */
    Duration duration(String key, Duration fallback, Duration min) {
        return duration(key, fallback, min, "a duration");
    }

    /** {@link #duration} of a field that may also say {@code auto} (read by {@link #isAuto} first). */
    Duration durationUnlessAuto(String key, Duration fallback, Duration min) {
        return duration(key, fallback, min, "auto or a duration");
    }

    private Duration duration(String key, Duration fallback, Duration min, String expected) {
        String regex = "\\s*(?:" + (expected.startsWith(AUTO) ? AUTO + "|" : "") + "\\d{1," + MAX_DURATION_DIGITS
                + "}\\s*(ms|s|m|h))\\s*";
        describeField(key, () -> ValueSchemas.pattern(expected + " with a unit such as 10s, 500ms or 2m" + (min.isZero() ? ""
                : ", at least " + Durations.format(min)), regex), fallback);
        JsonNode value = take(key);
        if (value == null) {
            return fallback;
        }
        Matcher m = value.isTextual() ? DURATION.matcher(value.asText().strip()) : null;
        if (m == null || !m.matches()) {
            String hint = value.isNumber() ? " (a number needs a unit)" : "";
            problem(key, "expected " + expected + " with a unit such as 10s, 500ms or 2m, found " + Kinds.of(value)
                    + hint);
            return fallback;
        }
        if (m.group(1).length() > MAX_DURATION_DIGITS) {
            problem(key, "expected a duration of at most " + MAX_DURATION_DIGITS + " digits, found " + value.asText());
            return fallback;
        }
        long amount = Long.parseLong(m.group(1));
        Duration parsed = switch (m.group(2)) {
            case "ms" -> Duration.ofMillis(amount);
            case "s" -> Duration.ofSeconds(amount);
            case "m" -> Duration.ofMinutes(amount);
            default -> Duration.ofHours(amount);
        };
        if (parsed.compareTo(min) < 0) {
            problem(key, "expected a duration of at least " + Durations.format(min) + ", found " + value.asText());
            return fallback;
        }
        return parsed;
    }

    /** The nested mapping at {@code key}; an absent one reads as empty, so its defaults apply. */
    Fields mapping(String key) {
        String child = pointer + "/" + key;
        if (schema != null) {
            known.add(key);
            return recordingChild(child, schema.mapping(key, MAPPING));
        }
        JsonNode value = take(key);
        if (value == null) {
            return new Fields(tree, child, JsonNodeFactory.instance.objectNode(),
                    problems);
        }
        if (!value.isObject()) {
            problem(key, "expected " + MAPPING + ", found " + Kinds.of(value));
            return new Fields(tree, child, JsonNodeFactory.instance.objectNode(),
                    new ArrayList<>());
        }
        return new Fields(tree, child, value, problems);
    }

    /**
     * Whether the value at {@code key} is a mapping, for a field that may be a plain value or a
     * mapping ({@link #mappingOrText}); always while recording the schema, so the mapping is described.
     */
    boolean isMapping(String key) {
        if (schema != null) {
            return true;
        }
        JsonNode value = node.get(key);
        return value != null && value.isObject();
    }

    /**
     * A total rate in msgs/s; NaN when absent, or when no number (with its problem). Its bounds are
     * the reader's to check, in a sentence naming the segment's kind.
     */
    double rate(String key, String expected) {
        describeField(key, () -> ValueSchemas.rate(expected, false, false), null);
        JsonNode value = take(key);
        if (value == null) {
            return Double.NaN;
        }
        if (!value.isNumber()) {
            problem(key, "expected " + expected + ", found " + Kinds.of(value));
            return Double.NaN;
        }
        return value.doubleValue();
    }

    /** Whether the value at {@code key} is a list (always while recording the schema: the list side is read). */
    boolean isList(String key) {
        if (schema != null) {
            return true;
        }
        JsonNode value = node.get(key);
        return value != null && value.isArray();
    }

    /**
     * {@link #mappings} of a field that may instead be a text ({@code rate: max}), which its reader
     * reads with {@link #string} when not {@link #isList}; {@code textSchema} is what that text may be,
     * {@code fallback} the field's default, {@code listDescription} what the list is.
     */
    List<Fields> mappingsOrText(String key, String listDescription, String fallback, Supplier<ObjectNode> textSchema) {
        if (schema != null) {
            known.add(key);
            return List.of(recordingChild(pointer + "/" + key + "/0",
                    schema.listOfMappingsOrText(key, listDescription, textSchema.get(), fallback)));
        }
        return mappings(key);
    }

    /** Whether the value at {@code key} is a text (never while recording the schema: the mapping side is read). */
    boolean isText(String key) {
        if (schema != null) {
            return false;
        }
        JsonNode value = node.get(key);
        return value != null && value.isTextual();
    }

    /**
     * {@link #mapping} of a field that may instead be a text ({@code cpus: auto}), which its reader
     * reads with {@link #string} after {@link #isText}; {@code textSchema} is what that text may be.
     */
    Fields mappingOrText(String key, Supplier<ObjectNode> textSchema) {
        if (schema != null) {
            known.add(key);
            return recordingChild(pointer + "/" + key, schema.mappingOrText(key, MAPPING, textSchema.get()));
        }
        return mapping(key);
    }

    /** Whether this reads nothing but records the schema ({@link #describe}). */
    boolean describing() {
        return schema != null;
    }

    /**
     * Recording only: a field that is one mapping or a list of mappings, each form read by its own
     * reader; the mapping to record the one form in, then the item to record the other in.
     */
    List<Fields> describeMappingOrList(String key, String listDescription) {
        known.add(key);
        List<MappingSchema> sides = schema.mappingOrListOfMappings(key, MAPPING, listDescription);
        return List.of(recordingChild(pointer + "/" + key, sides.get(0)),
                recordingChild(pointer + "/" + key + "/0", sides.get(1)));
    }

    /** The mappings of the list at {@code key}; {@code null} when absent. */
    List<Fields> mappings(String key) {
        if (schema != null) {
            known.add(key);
            return List.of(recordingChild(pointer + "/" + key + "/0", schema.listOfMappings(key, LIST)));
        }
        JsonNode value = take(key);
        if (value == null) {
            return null;
        }
        if (!value.isArray()) {
            problem(key, "expected " + LIST + ", found " + Kinds.of(value));
            return List.of();
        }
        List<Fields> items = new ArrayList<>();
        for (int i = 0; i < value.size(); i++) {
            String child = pointer + "/" + key + "/" + i;
            JsonNode item = value.get(i);
            if (item.isObject()) {
                items.add(new Fields(tree, child, item, problems));
            } else {
                at(child, tree.valueAt(child), "expected a mapping of fields, found " + Kinds.of(item));
            }
        }
        return items;
    }

    /**
     * Agent addresses at {@code key}: a list of {@code host:port} (IPv6 in brackets), or one string
     * of them separated by commas; empty when absent.
     */
    List<String> addresses(String key) {
        describeField(key, () -> ValueSchemas.listOrCommas(ADDRESS_EXPECTED, ADDRESS.pattern()), null);
        JsonNode value = take(key);
        if (value == null) {
            return List.of();
        }
        List<String> addresses = new ArrayList<>();
        JsonNode list = value;
        if (!value.isArray()) {
            list = JsonNodeFactory.instance.arrayNode();
            for (String part : value.isTextual() ? value.asText().split(",", -1) : new String[0]) {
                ((ArrayNode) list).add(part.strip());
            }
            if (!value.isTextual()) {
                ((ArrayNode) list).add(value);
            }
        }
        for (int i = 0; i < list.size(); i++) {
            String child = pointer + "/" + key + (value.isArray() ? "/" + i : "");
            JsonNode item = list.get(i);
            if (item.isTextual() && ADDRESS.matcher(item.asText()).matches()
                    && Integer.parseInt(item.asText().substring(item.asText().lastIndexOf(':') + 1)) <= 65535) {
                if (addresses.contains(item.asText())) {
                    at(child, tree.valueAt(child), "expected each agent once, found " + item.asText() + " twice");
                }
                addresses.add(item.asText());
            } else {
                at(child, tree.valueAt(child), "expected " + ADDRESS_EXPECTED + ", found " + Kinds.of(item));
            }
        }
        return addresses;
    }

    /** Entries of the list at {@code key}; -1 when it is absent or not a list. */
    int listSize(String key) {
        JsonNode value = node.get(key);
        return value != null && value.isArray() ? value.size() : -1;
    }

    /** Reports a problem with the value of {@code key}. */
    void problem(String key, String message) {
        String child = pointer + "/" + key;
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
            String nearest = nearest(name);
            String hint = nearest == null ? "" : "; did you mean '" + nearest + "'?";
            at(child, tree.keyAt(child), "unknown field, expected one of " + String.join(", ", known) + hint);
        }
    }

    private JsonNode take(String key) {
        known.add(key);
        JsonNode value = node.get(key);
        return value == null || value.isNull() ? null : value;
    }

    private void at(String childPointer, JsonLocation location, String message) {
        YamlTree.Origin origin = tree.originOf(childPointer);
        if (origin != null) {
            JsonLocation at = origin.location();
            problems.add(new Problem(origin.source(), at == null ? 0 : at.getLineNr(), at == null ? 0 : at.getColumnNr(),
                    Kinds.fieldPath(childPointer), message + origin.note()));
            return;
        }
        int line = location == null ? 0 : location.getLineNr();
        int column = location == null ? 0 : location.getColumnNr();
        problems.add(new Problem(tree.source(), line, column, Kinds.fieldPath(childPointer), message));
    }

    private String nearest(String name) {
        return known.stream()
                .filter(k -> distance(k.toLowerCase(Locale.ROOT), name.toLowerCase(Locale.ROOT)) <= Math.max(2, k.length() / 3))
                .min(Comparator.comparingInt(k -> distance(k.toLowerCase(Locale.ROOT), name.toLowerCase(Locale.ROOT))))
                .orElse(null);
    }

    /** Levenshtein distance. */
    static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                current[j] = Math.min(Math.min(current[j - 1] + 1, previous[j] + 1), previous[j - 1] + cost);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
