package io.jmsbench.scenario;

import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Locale;

/**
 * Where messages go: {@code count} topics or queues named {@code name} (one) or
 * {@code name.0 .. name.(count-1)}; clients are spread over them round robin.
 */
public record DestinationSpec(DestinationType type, String name, int count) {

    /** The name of the destination client number {@code clientIndex} of its role uses. */
    public String nameFor(int clientIndex) {
        return count == 1 ? name : name + "." + Math.floorMod(clientIndex, count);
    }

    public enum DestinationType {
        TOPIC, QUEUE;

        @JsonValue
        public String yamlName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }
}
