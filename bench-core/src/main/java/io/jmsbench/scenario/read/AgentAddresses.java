package io.jmsbench.scenario.read;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/** Reads a field of agent addresses: a list of {@code host:port} (IPv6 in brackets), or one text of them with commas. */
final class AgentAddresses {

    private static final Pattern ADDRESS = Pattern.compile("([A-Za-z0-9._-]+|\\[[0-9A-Fa-f:.]+\\]):\\d{1,5}");
    private static final String EXPECTED = "an agent address HOST:PORT such as 10.0.0.3:7100";

    private AgentAddresses() {
    }

    /** The addresses at {@code key}; empty when absent. */
    static List<String> read(Fields f, String key) {
        f.describeField(key, () -> ValueSchemas.listOrCommas(EXPECTED, ADDRESS.pattern()), null);
        JsonNode value = f.take(key);
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
            String relative = "/" + key + (value.isArray() ? "/" + i : "");
            JsonNode item = list.get(i);
            if (item.isTextual() && ADDRESS.matcher(item.asText()).matches()
                    && Integer.parseInt(item.asText().substring(item.asText().lastIndexOf(':') + 1)) <= 65535) {
                if (addresses.contains(item.asText())) {
                    f.problemBelow(relative, "expected each agent once, found " + item.asText() + " twice");
                }
                addresses.add(item.asText());
            } else {
                f.problemBelow(relative, "expected " + EXPECTED + ", found " + Kinds.of(item));
            }
        }
        return addresses;
    }
}
