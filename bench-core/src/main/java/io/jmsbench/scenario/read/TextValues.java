package io.jmsbench.scenario.read;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/** Reads a field that holds a text: free, matching a pattern, one of an enum's names, or true or false. */
final class TextValues {

    private static final String TEXT = "a text";
    private static final String TRUE_OR_FALSE = "true or false";

    private TextValues() {
    }

    static Supplier<ObjectNode> anyText() {
        return () -> ValueSchemas.text(TEXT);
    }

    /** A text whose own reader has rules the schema gives as {@code valueSchema}. */
    static String string(Fields f, String key, String fallback, Supplier<ObjectNode> valueSchema) {
        f.describeField(key, valueSchema, fallback);
        return text(f, key, fallback);
    }

    private static String text(Fields f, String key, String fallback) {
        JsonNode value = f.take(key);
        if (value == null) {
            return fallback;
        }
        if (!value.isTextual() && !value.isNumber() && !value.isBoolean()) {
            f.problem(key, "expected " + TEXT + ", found " + Kinds.of(value));
            return fallback;
        }
        return value.asText();
    }

    /** A text matching {@code pattern}; {@code expected} says in words what it must look like. */
    static String string(Fields f, String key, String fallback, Pattern pattern, String expected) {
        f.describeField(key, () -> ValueSchemas.pattern(expected, pattern), fallback);
        String value = text(f, key, null);
        if (value == null) {
            return fallback;
        }
        if (!pattern.matcher(value).matches()) {
            f.problem(key, "expected " + expected + ", found " + Kinds.of(f.node().get(key)));
            return fallback;
        }
        return value;
    }

    /** {@code null} when absent, or when wrong (with its problem). */
    static Boolean optionalBool(Fields f, String key, Boolean fallback) {
        f.describeField(key, () -> ValueSchemas.bool(TRUE_OR_FALSE), fallback);
        JsonNode value = f.take(key);
        if (value == null) {
            return null;
        }
        if (!value.isBoolean()) {
            f.problem(key, "expected " + TRUE_OR_FALSE + ", found " + Kinds.of(value));
            return null;
        }
        return value.booleanValue();
    }

    static <E extends Enum<E>> E choice(Fields f, String key, E fallback, Class<E> type, Function<E, String> yamlName) {
        List<String> names = new ArrayList<>();
        for (E constant : type.getEnumConstants()) {
            names.add(yamlName.apply(constant));
        }
        String expected = "one of " + String.join(", ", names);
        f.describeField(key, () -> ValueSchemas.oneOfNames(expected, names),
                fallback == null ? null : yamlName.apply(fallback));
        JsonNode value = f.take(key);
        if (value == null) {
            return fallback;
        }
        for (E constant : type.getEnumConstants()) {
            if (value.isTextual() && yamlName.apply(constant).equals(value.asText().toLowerCase(Locale.ROOT))) {
                return constant;
            }
        }
        f.problem(key, "expected " + expected + ", found " + Kinds.of(value));
        return fallback;
    }
}
