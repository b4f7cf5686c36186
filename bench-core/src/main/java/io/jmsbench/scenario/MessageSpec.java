package io.jmsbench.scenario;

import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Locale;

/**
 * What each publisher sends: a bytes, text or map message of {@code size} payload bytes carrying application
 * properties P1..P{@code properties}, each set to {@code values} (the paper's "#0"), an optional
 * correlation ID, and optionally varied round robin as {@code vary} says ({@code null}: not varied).
 * A {@code stamped} message also carries its publisher, sequence number and send time, for the audit
 * and the latency; unstamped, a run measures rates only, at the cost of a raw JMS loop.
 */
public record MessageSpec(MessageType type, int size, int properties, String values, String correlationId,
                          VarySpec vary, boolean stamped) {

    public MessageSpec(MessageType type, int size, int properties, String values) {
        this(type, size, properties, values, null, null, Defaults.MESSAGE_STAMPED);
    }

    public MessageSpec(MessageType type, int size, int properties, String values, String correlationId,
                       VarySpec vary) {
        this(type, size, properties, values, correlationId, vary, Defaults.MESSAGE_STAMPED);
    }

    /** P1..Pk: the paper's application property names; {@code index} is 0-based. */
    public static String propertyName(int index) {
        return "P" + (index + 1);
    }

    public enum MessageType {
        BYTES, TEXT, MAP;

        @JsonValue
        public String yamlName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }
}
