package io.jmsbench.scenario;

import java.util.List;
import java.util.stream.Collectors;

/**
 * A generated filter in disjunctive form: it matches a message when every equality of one of its
 * alternatives holds. Rendered as a JMS selector, and turned into messages that match it.
 */
public record Filter(List<List<Equality>> alternatives) {

    /** {@code field = 'value'}; field is a property name or {@link Equality#CORRELATION_ID}. */
    public record Equality(String field, String value) {

        public static final String CORRELATION_ID = "JMSCorrelationID";

        String selector() {
            return field + " = '" + value.replace("'", "''") + "'";
        }
    }

    public Filter {
        alternatives = alternatives.stream().map(List::copyOf).toList();
    }

    public String selector() {
        return alternatives.stream()
                .map(a -> a.stream().map(Equality::selector).collect(Collectors.joining(" AND ")))
                .collect(Collectors.joining(" OR "));
    }
}
