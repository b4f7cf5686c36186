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
 * {@code null}, are those messages' bodies themselves (a scenario's files), one per size;
 * {@code headers} the time to live, priority, groups and delivery delay ({@code null}: none).
 */
public record MessagePlan(MessageType type, int size, int properties, String values, String correlationId,
                          boolean stamped, @JsonInclude(JsonInclude.Include.NON_NULL) List<Integer> sizes,
                          @JsonInclude(JsonInclude.Include.NON_NULL) List<byte[]> bodies,
                          @JsonInclude(JsonInclude.Include.NON_NULL) HeaderPlan headers) {

    public MessagePlan(MessageType type, int size, int properties, String values, String correlationId,
                       boolean stamped) {
        this(type, size, properties, values, correlationId, stamped, null, null);
    }

    /** Without headers beyond the provider's defaults. */
    public MessagePlan(MessageType type, int size, int properties, String values, String correlationId,
                       boolean stamped, List<Integer> sizes, List<byte[]> bodies) {
        this(type, size, properties, values, correlationId, stamped, sizes, bodies, null);
    }

    /** {@code headers} left out of the JSON when none is set, so that an earlier agent still reads the plan. */
    public MessagePlan {
        sizes = sizes == null ? null : List.copyOf(sizes);
        bodies = bodies == null ? null : List.copyOf(bodies);
        headers = headers == null || headers.equals(HeaderPlan.NONE) ? null : headers;
    }

    /** The headers to set: {@link HeaderPlan#NONE} when none is. */
    public HeaderPlan headersOrNone() {
        return headers == null ? HeaderPlan.NONE : headers;
    }

    public enum MessageType {
        BYTES, TEXT, MAP;

        @JsonValue
        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }
}
