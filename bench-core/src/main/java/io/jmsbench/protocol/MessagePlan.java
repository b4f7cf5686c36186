package io.jmsbench.protocol;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonValue;

import java.util.List;
import java.util.Locale;

/**
 * The message each publisher sends before any variant ({@link VariantPlan}) is applied: a bytes,
 * text or map message of {@code size} payload bytes, application properties P1..P{@code properties}
 * each set to {@code values}, an optional correlation ID ({@code null}: none). A {@code stamped}
 * message carries its publisher, sequence number and send time, which subscribers audit and
 * measure latency with; unstamped, subscribers only count.
 *
 * <p>A size that varies comes as the table of {@code sizes} each client prepares one message for
 * and sends round robin ({@code null}: every message is {@code size}); {@code bodies}, when not
 * {@code null}, are those messages' bodies themselves (a scenario's files), one per size.
 */
public record MessagePlan(MessageType type, int size, int properties, String values, String correlationId,
                          boolean stamped, @JsonInclude(JsonInclude.Include.NON_NULL) List<Integer> sizes,
                          @JsonInclude(JsonInclude.Include.NON_NULL) List<byte[]> bodies) {

    public MessagePlan(MessageType type, int size, int properties, String values, String correlationId,
                       boolean stamped) {
        this(type, size, properties, values, correlationId, stamped, null, null);
    }

    public MessagePlan {
        sizes = sizes == null ? null : List.copyOf(sizes);
        bodies = bodies == null ? null : List.copyOf(bodies);
    }

    public enum MessageType {
        BYTES, TEXT, MAP;

        @JsonValue
        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }
}
