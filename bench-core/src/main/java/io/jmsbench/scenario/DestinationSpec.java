package io.jmsbench.scenario;

public record DestinationSpec(DestinationType type, String name) {

    public enum DestinationType {
        TOPIC, QUEUE;

        @com.fasterxml.jackson.annotation.JsonValue
        public String yamlName() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }
}
