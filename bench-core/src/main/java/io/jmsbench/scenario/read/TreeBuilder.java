package io.jmsbench.scenario.read;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jmsbench.scenario.Problem;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Builds a {@link YamlTree}'s nodes from the parser's tokens, noting where each key and value stood,
 * and refusing duplicate keys and nesting deeper than {@link #MAX_DEPTH} at their line.
 */
final class TreeBuilder {

    /** Levels of mappings and lists; a scenario needs a handful, and each level is a step of recursion here. */
    static final int MAX_DEPTH = 64;
    /** Digits of a number, as Jackson's own limit: a longer one is a mistake, and parsing it is slow. */
    private static final int MAX_NUMBER = 1000;
    /** YAML 1.2's core schema: decimal, octal and hexadecimal integers and decimal floats. */
    private static final Pattern YAML_NUMBER = Pattern.compile(
            "[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+|[-+]?(\\.[0-9]+|[0-9]+(\\.[0-9]*)?)([eE][-+]?[0-9]+)?");

    /** Parsing stopped at {@link #MAX_DEPTH}, its problem told. */
    static final class TooDeep extends RuntimeException {
        TooDeep() {
            super(null, null, false, false);
        }
    }

    private final JsonParser parser;
    private final String source;
    private final Map<String, JsonLocation> values;
    private final Map<String, JsonLocation> keys;
    private final List<Problem> problems;

    TreeBuilder(JsonParser parser, String source, Map<String, JsonLocation> values, Map<String, JsonLocation> keys,
            List<Problem> problems) {
        this.parser = parser;
        this.source = source;
        this.values = values;
        this.keys = keys;
        this.problems = problems;
    }

    /** Builds the value whose first token is the parser's current token, {@code depth} levels down. */
    JsonNode value(String pointer, int depth) throws IOException {
        JsonLocation at = parser.currentTokenLocation();
        values.put(pointer, at);
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        if (depth >= MAX_DEPTH && (parser.currentToken() == JsonToken.START_OBJECT
                || parser.currentToken() == JsonToken.START_ARRAY)) {
            problems.add(new Problem(source, at.getLineNr(), at.getColumnNr(), Kinds.fieldPath(pointer),
                    "expected at most " + MAX_DEPTH + " levels of mappings and lists, found more"));
            throw new TooDeep();
        }
        switch (parser.currentToken()) {
            case START_OBJECT -> {
                ObjectNode object = nodes.objectNode();
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String name = parser.currentName();
                    String child = pointer + "/" + escape(name);
                    JsonLocation keyLocation = parser.currentTokenLocation();
                    parser.nextToken();
                    if (object.has(name)) {
                        JsonLocation first = keys.get(child);
                        problems.add(new Problem(source, keyLocation.getLineNr(), keyLocation.getColumnNr(),
                                Kinds.fieldPath(child), "duplicate field, already set at line "
                                        + first.getLineNr() + ", column " + first.getColumnNr()));
                        parser.skipChildren();
                        continue;
                    }
                    keys.put(child, keyLocation);
                    object.set(name, value(child, depth + 1));
                }
                return object;
            }
            case START_ARRAY -> {
                ArrayNode array = nodes.arrayNode();
                int index = 0;
                while (parser.nextToken() != JsonToken.END_ARRAY) {
                    array.add(value(pointer + "/" + index++, depth + 1));
                }
                return array;
            }
            case VALUE_STRING -> {
                return nodes.textNode(parser.getText());
            }
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> {
                return number(nodes);
            }
            case VALUE_TRUE, VALUE_FALSE -> {
                return nodes.booleanNode(parser.getBooleanValue());
            }
            case VALUE_NULL -> {
                return nodes.nullNode();
            }
            default -> throw new IllegalStateException("unexpected YAML token " + parser.currentToken());
        }
    }

    /**
     * A number as YAML 1.2 writes one; one it does not ({@code 1_000}, YAML 1.1's) or that a decimal
     * cannot hold ({@code .inf}, {@code .nan}, a thousand digits) stays the text it was, for the
     * field's reader to refuse with what it expected.
     */
    private JsonNode number(JsonNodeFactory nodes) throws IOException {
        String text = parser.getText();
        if (text.length() > MAX_NUMBER || !YAML_NUMBER.matcher(text).matches()) {
            return nodes.textNode(text);
        }
        try {
            return parser.currentToken() == JsonToken.VALUE_NUMBER_INT ? nodes.numberNode(parser.getBigIntegerValue())
                    : nodes.numberNode(parser.getDecimalValue());
        } catch (JsonProcessingException | NumberFormatException e) {
            return nodes.textNode(parser.getText());
        }
    }

    private static String escape(String name) {
        return name.replace("~", "~0").replace("/", "~1");
    }
}
