package io.jmsbench.protocol;

import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Locale;

/**
 * The message each publisher sends before any variant ({@link VariantPlan}) is applied: a bytes,
 * text or map message of {@code size} payload bytes, application properties P1..P{@code properties}
 * each set to {@code values}, an optional correlation ID ({@code null}: none). A {@code stamped}
 * message carries its publisher, sequence number and send time, which subscribers audit and
 * measure latency with; unstamped, subscribers only count.
 */
public record MessagePlan(MessageType type, int size, int properties, String values, String correlationId,
                          boolean stamped) {

    public enum MessageType {
        BYTES, TEXT, MAP;

        @JsonValue
        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }
}
