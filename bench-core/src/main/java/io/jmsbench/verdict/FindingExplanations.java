package io.jmsbench.verdict;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.EnumMap;
import java.util.Map;

/** What each {@link FindingCode} means and what to do about it, read once from {@code findings.yaml}. */
record FindingExplanations(String meaning, String action) {

    private static final FindingExplanations OWED = new FindingExplanations("", "");

    private static final class Loaded {
        static final Map<FindingCode, FindingExplanations> ALL = read();
    }

    /** The code's explanation; empty texts where findings.yaml has none ({@code FindingCodeTest} fails then). */
    static FindingExplanations of(FindingCode code) {
        return Loaded.ALL.getOrDefault(code, OWED);
    }

    private static Map<FindingCode, FindingExplanations> read() {
        try (InputStream in = FindingCode.class.getResourceAsStream("findings.yaml")) {
            if (in == null) {
                throw new IllegalStateException("findings.yaml is missing beside FindingCode");
            }
            Map<String, FindingExplanations> byName = new ObjectMapper(new YAMLFactory()).readValue(in,
                    new com.fasterxml.jackson.core.type.TypeReference<Map<String, FindingExplanations>>() { });
            Map<FindingCode, FindingExplanations> all = new EnumMap<>(FindingCode.class);
            byName.forEach((name, text) -> all.put(FindingCode.valueOf(name), text));
            return all;
        } catch (IOException e) {
            throw new UncheckedIOException("findings.yaml beside FindingCode does not read", e);
        }
    }
}
