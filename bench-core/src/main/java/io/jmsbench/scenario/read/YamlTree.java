package io.jmsbench.scenario.read;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.jmsbench.protocol.Json;
import io.jmsbench.scenario.Problem;
import io.jmsbench.text.Quoted;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.error.MarkedYAMLException;

import java.io.IOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A YAML document parsed into a Jackson tree that remembers where every value and every key stood,
 * since Jackson's own tree keeps no locations. Keys are JSON pointers ({@code /subscribers/0/clients}).
 * Duplicate keys and more than one document are reported as problems, not silently merged.
 */
final class YamlTree {

    private static final YAMLFactory FACTORY = YAMLFactory.builder().loaderOptions(loaderOptions()).build();
    static final int MAX_BYTES = 1 << 20;
    private static final Pattern SECRET_KEY = Pattern.compile("(?i).*(password|passwd|secret|token|credential).*");

    final JsonNode root;
    private final String source;
    private final Map<String, JsonLocation> valueLocations;
    private final Map<String, JsonLocation> keyLocations;
    private final Map<String, Origin> overridden = new HashMap<>();

    /**
     * Where a value set after parsing came from: {@code --set} (no position) or a sweep value
     * (its position in the file); {@code note} is appended to problems with it.
     */
    record Origin(String source, JsonLocation location, String note) {
    }

    private YamlTree(JsonNode root, String source, Map<String, JsonLocation> values, Map<String, JsonLocation> keys) {
        this.root = root;
        this.source = source;
        this.valueLocations = values;
        this.keyLocations = keys;
    }

    private static LoaderOptions loaderOptions() {
        LoaderOptions options = new LoaderOptions();
        options.setAllowDuplicateKeys(true); // we report duplicates ourselves, with their position
        options.setMaxAliasesForCollections(20);
        options.setNestingDepthLimit(40);
        options.setCodePointLimit(MAX_BYTES);
        return options;
    }

    /** Parses {@code text}; a document that is not YAML or not one mapping becomes a problem. */
    static YamlTree parse(String text, String source, List<Problem> problems) {
        Map<String, JsonLocation> values = new HashMap<>();
        Map<String, JsonLocation> keys = new HashMap<>();
        try (JsonParser parser = FACTORY.createParser(text)) {
            JsonToken first = parser.nextToken();
            if (first == null) {
                problems.add(new Problem(source, 1, 1, "(document)",
                        "expected a YAML mapping with the scenario's fields, found an empty file"));
                return null;
            }
            TreeBuilder builder = new TreeBuilder(parser, source, values, keys, problems);
            JsonNode root;
            try {
                root = builder.value("", 0);
            } catch (TreeBuilder.TooDeep e) {
                return null;
            }
            if (parser.nextToken() != null) {
                JsonLocation at = parser.currentTokenLocation();
                problems.add(new Problem(source, at.getLineNr(), at.getColumnNr(), "(document)",
                        "expected one YAML document, found a second one"));
            }
            if (!root.isObject()) {
                problems.add(new Problem(source, 1, 1, "(document)",
                        "expected a YAML mapping with the scenario's fields, found " + Kinds.of(root)));
                return null;
            }
            return new YamlTree(root, source, values, keys);
        } catch (JsonProcessingException e) {
            problems.add(syntaxError(e, source));
            return null;
        } catch (IOException e) {
            problems.add(new Problem(source, 0, 0, "(document)", "could not be read: " + e.getMessage()));
            return null;
        }
    }

    /** SnakeYAML's own problem and position when it has them: they say what is wrong, and where. */
    private static Problem syntaxError(JsonProcessingException e, String source) {
        if (e.getCause() instanceof MarkedYAMLException marked
                && marked.getProblemMark() != null) {
            var mark = marked.getProblemMark();
            String why = marked.getProblem() == null ? "unreadable" : marked.getProblem().strip();
            String context = marked.getContext() == null ? "" : " (" + marked.getContext().strip() + ")";
            // subscribers[0].clients unquoted inside { }: YAML reads its [ as the start of a list
            String hint = why.endsWith("got [") && context.contains("flow mapping")
                    ? "; a key or value with [ ] inside { } must be quoted, such as \"subscribers[0].clients\"" : "";
            return new Problem(source, mark.getLine() + 1, mark.getColumn() + 1, "(document)",
                    "expected valid YAML, found a syntax error: " + why + context + hint);
        }
        JsonLocation at = e.getLocation();
        String why = e.getOriginalMessage().lines().findFirst().orElse("unreadable").strip();
        if (why.contains("org.yaml.snakeyaml")) {
            why = "a structure that is not a mapping of fields";
        }
        return new Problem(source, at == null ? 0 : at.getLineNr(), at == null ? 0 : at.getColumnNr(), "(document)",
                "expected valid YAML, found a syntax error: " + why);
    }

    /**
     * SHA-256 (hex) of the tree as compact JSON: what the scenario says, whatever its comments,
     * layout or quoting. Taken before overrides, so it names the file, not one run of it.
     */
    String contentSha256() {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest(Json.MAPPER.writeValueAsBytes(root));
            return HexFormat.of().formatHex(digest);
        } catch (JsonProcessingException | NoSuchAlgorithmException e) {
            throw new IllegalStateException("a parsed tree always serialises and every JVM has SHA-256", e);
        }
    }

    /** Marks the value at {@code pointer} as set from {@code origin}: its problems name that origin. */
    void markOverridden(String pointer, Origin origin) {
        overridden.put(pointer, origin);
    }

    /** The origin of a value set after parsing, {@code null} for a value of the file itself. */
    Origin originOf(String pointer) {
        for (Map.Entry<String, Origin> e : overridden.entrySet()) {
            if (pointer.equals(e.getKey()) || pointer.startsWith(e.getKey() + "/")) {
                return e.getValue();
            }
        }
        return null;
    }

    /**
     * A problem at {@code pointer}, {@code location} in this file; a value set after parsing (by
     * {@code --set} or a sweep) is told where it was set instead.
     */
    Problem problem(String pointer, JsonLocation location, String given) {
        String message = withoutSecret(pointer, given);
        Origin origin = originOf(pointer);
        if (origin != null) {
            JsonLocation at = origin.location();
            return new Problem(origin.source(), at == null ? 0 : at.getLineNr(), at == null ? 0 : at.getColumnNr(),
                    Kinds.fieldPath(pointer), message + origin.note());
        }
        return new Problem(source, location == null ? 0 : location.getLineNr(),
                location == null ? 0 : location.getColumnNr(), Kinds.fieldPath(pointer), message);
    }

    /**
     * {@code message} without the value at {@code pointer} when its field is named for a secret
     * ({@code password}, {@code token}...): what was put there may be one, whatever the field expects.
     */
    private String withoutSecret(String pointer, String message) {
        String key = pointer.substring(pointer.lastIndexOf('/') + 1);
        if (key.length() > 100 || !SECRET_KEY.matcher(key).matches()) {
            return message;
        }
        JsonNode value = root.at(pointer);
        if (!value.isValueNode() || value.asText().isEmpty()) {
            return message;
        }
        String text = value.asText();
        String out = message.replace(Quoted.value(text), "(not shown)");
        return text.length() < 4 ? out : out.replace(text, "(not shown)");
    }

    /** A copy whose values can be changed (for one sweep point) without touching this tree. */
    YamlTree copy() {
        YamlTree copy = new YamlTree(root.deepCopy(), source, valueLocations, keyLocations);
        copy.overridden.putAll(overridden);
        return copy;
    }

    String source() {
        return source;
    }

    JsonLocation valueAt(String pointer) {
        return valueLocations.get(pointer);
    }

    JsonLocation keyAt(String pointer) {
        JsonLocation key = keyLocations.get(pointer);
        return key != null ? key : valueLocations.get(pointer);
    }
}
