package io.jmsbench.workload;

import java.util.Map;

/** What one variant of the sent message sets on top of the template: properties and correlation ID. */
public record MessageVariant(String correlationId, Map<String, String> properties) {

    public MessageVariant {
        properties = Map.copyOf(properties);
    }

    public static final MessageVariant PLAIN = new MessageVariant(null, Map.of());
}
