package io.jmsbench.workload;

import io.jmsbench.scenario.Filter.Equality;
import io.jmsbench.scenario.FilterSpec;
import io.jmsbench.scenario.Filters;
import io.jmsbench.scenario.MessageSpec;
import io.jmsbench.scenario.Scenario;
import io.jmsbench.scenario.SubscriberGroup;
import io.jmsbench.scenario.VarySpec;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The message variants publishers send round robin, from the scenario's {@code message.vary}. */
public final class MessageVariants {

    private MessageVariants() {
    }

    public static List<MessageVariant> of(Scenario scenario) {
        return of(scenario.message(), scenario.subscribers());
    }

    /** The variants of {@code message}, whose {@code vary} may name a group of {@code subscribers}. */
    public static List<MessageVariant> of(MessageSpec message, List<SubscriberGroup> subscribers) {
        VarySpec vary = message.vary();
        if (vary == null) {
            return List.of(MessageVariant.PLAIN);
        }
        List<MessageVariant> variants = new ArrayList<>();
        if (vary.matchGroup() != null) {
            SubscriberGroup group = subscribers.get(vary.matchGroup());
            for (int c = 0; c < group.clients(); c++) {
                for (List<Equality> alternative : Filters.filter(group.filter(), c, group.clients()).alternatives()) {
                    variants.add(variant(alternative));
                }
            }
            return variants;
        }
        for (int i = vary.from(); i <= vary.to(); i++) {
            variants.add(variant(List.of(new Equality(field(vary.on()), "#" + i))));
        }
        return variants;
    }

    private static String field(String on) {
        return FilterSpec.CORRELATION_ID.equals(on) ? Equality.CORRELATION_ID : on;
    }

    private static MessageVariant variant(List<Equality> equalities) {
        String correlationId = null;
        Map<String, String> properties = new LinkedHashMap<>();
        for (Equality e : equalities) {
            if (Equality.CORRELATION_ID.equals(e.field())) {
                correlationId = e.value();
            } else {
                properties.put(e.field(), e.value());
            }
        }
        return new MessageVariant(correlationId, properties);
    }

    /** The correlation ID a variant's message carries: its own, else the template's ({@code null}: none). */
    public static String correlationId(MessageSpec spec, MessageVariant variant) {
        return variant.correlationId() != null ? variant.correlationId() : spec.correlationId();
    }
}
