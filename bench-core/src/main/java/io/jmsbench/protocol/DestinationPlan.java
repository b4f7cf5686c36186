package io.jmsbench.protocol;

import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Locale;

/**
 * What kind of destination a pool's clients use. Its names are each client's own
 * ({@link ClientPlan#destination}): the controller spreads the clients over them.
 */
public record DestinationPlan(DestinationType type) {

    public enum DestinationType {
        TOPIC, QUEUE;

        @JsonValue
        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }
}
