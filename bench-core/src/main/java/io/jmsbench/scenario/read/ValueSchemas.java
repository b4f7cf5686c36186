package io.jmsbench.scenario.read;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jmsbench.scenario.Defaults;
import io.jmsbench.scenario.PublishRate;
import io.jmsbench.text.Durations;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;

/**
 * JSON Schemas of single values, as {@link Fields} accepts them. Each carries the words of the
 * loader's "expected ..." as its description. Java's patterns become anchored ECMA 262 ones, which
 * the simple classes used here write the same way.
 */
final class ValueSchemas {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private ValueSchemas() {
    }

    static ObjectNode described(String expected) {
        return NODES.objectNode().put("description", expected);
    }

    /** A text, as the loader also reads a number or true/false as text. */
    static ObjectNode text(String expected) {
        ObjectNode schema = described(expected);
        schema.putArray("type").add("string").add("number").add("boolean");
        return schema;
    }

    static ObjectNode pattern(String expected, Pattern pattern) {
        return pattern(expected, pattern.pattern());
    }

    static ObjectNode pattern(String expected, String regex) {
        return described(expected).put("type", "string").put("pattern", anchored(regex));
    }

    static ObjectNode bool(String expected) {
        return described(expected).put("type", "boolean");
    }

    static ObjectNode integer(String expected, long min, long max) {
        return described(expected).put("type", "integer").put("minimum", min).put("maximum", max);
    }

    static ObjectNode number(String expected, double min, double max) {
        ObjectNode schema = described(expected).put("type", "number");
        schema.set("minimum", json(min));
        schema.set("maximum", json(max));
        return schema;
    }

    static ObjectNode oneOfNames(String expected, List<String> names) {
        ObjectNode schema = described(expected).put("type", "string");
        ArrayNode values = schema.putArray("enum");
        names.forEach(values::add);
        return schema;
    }

    /** Any of {@code schemas}, described by {@code expected}. */
    static ObjectNode anyOf(String expected, ObjectNode... schemas) {
        ObjectNode schema = described(expected);
        ArrayNode any = schema.putArray("anyOf");
        for (ObjectNode s : schemas) {
            s.remove("description");
            any.add(s);
        }
        return schema;
    }

    /**
     * A total rate in msgs/s above 0 and at most {@link Defaults#MAX_PUBLISH_RATE}; {@code max} too
     * where {@code maxAllowed}; also written as text where {@code asText} (the number as Java reads it).
     */
    static ObjectNode rate(String expected, boolean maxAllowed, boolean asText) {
        ObjectNode number = described(expected).put("type", "number").put("exclusiveMinimum", 0);
        number.set("maximum", json(Defaults.MAX_PUBLISH_RATE));
        ObjectNode max = oneOfNames(expected, asText ? List.of(PublishRate.MAX.text(), PublishRate.SUSTAINABLE.text())
                : List.of(PublishRate.MAX.text()));
        ObjectNode text = pattern(expected, "\\s*[+]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?\\s*");
        if (!maxAllowed) {
            return number;
        }
        return asText ? anyOf(expected, max, number, text) : anyOf(expected, max, number);
    }

    /** A list of plain values (text, number, true/false or empty), at least one. */
    static ObjectNode plainValues(String expected) {
        ObjectNode schema = described(expected).put("type", "array").put("minItems", 1);
        schema.set("items", plainValue());
        return schema;
    }

    static ObjectNode plainValue() {
        ObjectNode schema = NODES.objectNode();
        schema.putArray("type").add("string").add("number").add("boolean").add("null");
        return schema;
    }

    /** A list of texts matching {@code regex}, each once, or one text of them separated by commas. */
    static ObjectNode listOrCommas(String expected, String regex) {
        ObjectNode list = NODES.objectNode().put("type", "array").put("uniqueItems", true);
        list.set("items", pattern(expected, regex).without("description"));
        String one = "\\s*(?:" + regex + ")\\s*";
        return anyOf(expected, list, pattern(expected, one + "(?:," + one + ")*"));
    }

    static String anchored(String regex) {
        return "^(?:" + regex + ")$";
    }

    /** A default or bound as JSON: a duration as the loader writes it (10s), an enum by its YAML name. */
    static JsonNode json(Object value) {
        if (value instanceof JsonNode node) {
            return node;
        }
        if (value instanceof Duration d) {
            return NODES.textNode(Durations.format(d));
        }
        if (value instanceof Boolean b) {
            return NODES.booleanNode(b);
        }
        if (value instanceof Integer || value instanceof Long) {
            return NODES.numberNode(((Number) value).longValue());
        }
        if (value instanceof Double d) {
            BigDecimal plain = BigDecimal.valueOf(d).stripTrailingZeros();
            return plain.scale() <= 0 ? NODES.numberNode(plain.longValueExact()) : NODES.numberNode(plain);
        }
        return NODES.textNode(value.toString());
    }
}
