package io.jmsbench.protocol;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Locale;

/**
 * What an agent serves: publisher or subscriber clients, or (the monitor) the broker host's
 * resources. On the wire, on the command line and in reports it is the lower-case word
 * ({@code "publisher"}), as it was when roles were strings, so agents and reports keep their format.
 * Lives in {@code protocol}, not {@code agent}: {@link AgentInfo} carries it and {@code agent}
 * already depends on {@code protocol}.
 */
public enum AgentRole {
    PUBLISHER,
    SUBSCRIBER,
    /** The agent on the broker's machine: it samples the host, it runs no clients. */
    MONITOR;

    private final String wireName = name().toLowerCase(Locale.ROOT);

    /** {@code "publisher"}, {@code "subscriber"} or {@code "monitor"}. */
    @JsonValue
    public String wireName() {
        return wireName;
    }

    /** The noun for several agents' clients in a sentence: {@code "publishers"}. */
    public String plural() {
        return wireName + "s";
    }

    /** The role named {@code wireName}; throws with one sentence for any other word. */
    @JsonCreator
    public static AgentRole of(String wireName) {
        for (AgentRole role : values()) {
            if (role.wireName.equals(wireName)) {
                return role;
            }
        }
        throw new IllegalArgumentException("expected one of publisher, subscriber, monitor, found '" + wireName + "'");
    }

    @Override
    public String toString() {
        return wireName;
    }
}
