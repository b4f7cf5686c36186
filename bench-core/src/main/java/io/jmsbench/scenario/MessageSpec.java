package io.jmsbench.scenario;

/**
 * What each publisher sends: a BytesMessage of {@code size} payload bytes carrying application
 * properties P1..P{@code properties}, each set to {@code values} (the paper's "#0").
 */
public record MessageSpec(MessageType type, int size, int properties, String values) {

    public enum MessageType {
        BYTES;

        @com.fasterxml.jackson.annotation.JsonValue
        public String yamlName() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }
}
