package io.jmsbench.scenario.read;

import com.fasterxml.jackson.databind.JsonNode;
import io.jmsbench.text.Quoted;

/** Words for what was found, and field paths as users write them. */
final class Kinds {

    private Kinds() {
    }

    static String of(JsonNode node) {
        if (node == null || node.isMissingNode()) {
            return "nothing";
        }
        if (node.isNull()) {
            return "an empty value";
        }
        if (node.isObject()) {
            return "a mapping";
        }
        if (node.isArray()) {
            return "a list";
        }
        if (node.isBoolean()) {
            return node.asText();
        }
        if (node.isNumber()) {
            return node.asText().length() <= Quoted.LONGEST ? node.asText() : Quoted.value(node.asText());
        }
        String text = node.asText();
        return text.isEmpty() ? "an empty string" : Quoted.value(text);
    }

    /** {@code /subscribers/0/clients} becomes {@code subscribers[0].clients}. */
    static String fieldPath(String pointer) {
        if (pointer.isEmpty()) {
            return "(document)";
        }
        StringBuilder out = new StringBuilder();
        for (String part : pointer.substring(1).split("/", -1)) {
            String name = part.replace("~1", "/").replace("~0", "~");
            if (!name.isEmpty() && name.chars().allMatch(Character::isDigit)) {
                out.append('[').append(name).append(']');
            } else {
                if (out.length() > 0) {
                    out.append('.');
                }
                out.append(name);
            }
        }
        return out.toString();
    }
}
