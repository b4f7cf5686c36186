package io.jmsbench.protocol;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;

import java.io.IOException;
import java.time.Duration;

/** The one JSON mapping of the control channel and the reports: strict on input, durations as {@code 10s}. */
public final class Json {

    public static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.USE_LONG_FOR_INTS) // sweep parameters are Longs: read back equal
            .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
            .addModule(new SimpleModule("jmsbench-durations")
                    .addSerializer(Duration.class, new JsonSerializer<>() {
                        @Override
                        public void serialize(Duration value, JsonGenerator gen, SerializerProvider p) throws IOException {
                            gen.writeString(formatDuration(value));
                        }
                    })
                    .addDeserializer(Duration.class, new JsonDeserializer<>() {
                        @Override
                        public Duration deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
                            return parseDuration(p.getValueAsString());
                        }
                    }))
            .build();

    private Json() {
    }

    /*
     * The text is the one scenarios are written in (scenario.Durations; JsonTest holds the two
     * equal): it is kept here so that the wire does not depend on the scenario package, whose
     * records change with every new scenario key.
     */

    /** {@code 10s}, {@code 500ms}, {@code 2m}, {@code 1h}: the largest unit that is exact. */
    static String formatDuration(Duration d) {
        long ms = d.toMillis();
        if (ms % 3_600_000 == 0 && ms > 0) {
            return ms / 3_600_000 + "h";
        }
        if (ms % 60_000 == 0 && ms > 0) {
            return ms / 60_000 + "m";
        }
        if (ms % 1000 == 0) {
            return ms / 1000 + "s";
        }
        return ms + "ms";
    }

    /** Reads what {@link #formatDuration} writes; for trusted input (reports, the control channel). */
    static Duration parseDuration(String text) {
        String t = text.strip();
        if (t.endsWith("ms")) {
            return Duration.ofMillis(Long.parseLong(t.substring(0, t.length() - 2)));
        }
        long amount = Long.parseLong(t.substring(0, t.length() - 1));
        return switch (t.charAt(t.length() - 1)) {
            case 's' -> Duration.ofSeconds(amount);
            case 'm' -> Duration.ofMinutes(amount);
            case 'h' -> Duration.ofHours(amount);
            default -> throw new IllegalArgumentException("not a duration: " + text);
        };
    }
}
