package io.jmsbench.protocol;

import java.util.Map;

/**
 * One variant of the sent message, sent round robin with the others: the properties it sets on
 * top of {@link MessagePlan}'s and its correlation ID ({@code null}: the template's).
 */
public record VariantPlan(String correlationId, Map<String, String> properties) {

    public static final VariantPlan PLAIN = new VariantPlan(null, Map.of());

    public VariantPlan {
        properties = Map.copyOf(properties);
    }
}
