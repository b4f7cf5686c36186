package io.jmsbench.protocol;

import io.jmsbench.text.Durations;

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
                            gen.writeString(Durations.format(value));
                        }
                    })
                    .addDeserializer(Duration.class, new JsonDeserializer<>() {
                        @Override
                        public Duration deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
                            return Durations.parse(p.getValueAsString());
                        }
                    }))
            .build();

    private Json() {
    }
}
