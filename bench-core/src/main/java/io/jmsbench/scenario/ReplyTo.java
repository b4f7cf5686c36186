package io.jmsbench.scenario;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.JsonNode;

import java.util.Map;

/**
 * Where a requester's requests ask to be answered ({@code JMSReplyTo}): a temporary queue of the
 * requester's own ({@code queue} {@code null}), or the fixed queue {@code queue}, shared by every
 * requester of the group, each taking only its own replies by their {@code JMSCorrelationID}. In
 * JSON as a scenario says it: {@code "temporary"} or {@code {"queue": NAME}}.
 */
public record ReplyTo(String queue) {

    public static final ReplyTo TEMPORARY = new ReplyTo(null);
    private static final String TEMPORARY_TEXT = "temporary";

    public boolean temporary() {
        return queue == null;
    }

    @JsonValue
    Object json() {
        return temporary() ? TEMPORARY_TEXT : Map.of("queue", queue);
    }

    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    static ReplyTo fromJson(JsonNode node) {
        return node.isObject() && node.hasNonNull("queue") ? new ReplyTo(node.get("queue").asText()) : TEMPORARY;
    }
}
