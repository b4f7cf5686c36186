package io.jmsbench.scenario;

import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Locale;

/**
 * A filter generator for a subscriber group, the paper's filter families written as data rather
 * than selector strings. Exactly one form is set:
 * <ul>
 * <li>{@code on} + {@code equals}: equality on a property or the correlation ID; {@code {i}} in the
 * value stands for the client's 1-based index in its group, so {@code "#{i}"} gives '#1', '#2', ...
 * (one distinct filter per client);</li>
 * <li>{@code on} + {@code anyOf: n}: an OR over a block of values, client j (0-based) gets
 * {@code #(j*b+1) .. #(j*b+b)} with {@code b = n / clients} (§4.3);</li>
 * <li>{@code and: n} + {@code position}: an AND over P1..Pn, all {@code "#0"} but the discriminating
 * component {@code "#j"} for client j, standing first, in the middle or last (§4.4).</li>
 * </ul>
 */
public record FilterSpec(String on, String equals, Integer anyOf, Integer and, AndPosition position) {

    /** The field name that means the JMS correlation ID rather than an application property. */
    public static final String CORRELATION_ID = "correlationId";
    /** Placeholder for the client's 1-based index within its group. */
    public static final String CLIENT_INDEX = "{i}";

    public enum AndPosition {
        FIRST, MIDDLE, LAST;

        @JsonValue
        public String yamlName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }
}
