package io.jmsbench.scenario;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * Where a requester's requests ask to be answered ({@code JMSReplyTo}): a temporary queue of the
 * requester's own ({@code queue} {@code null}), or the fixed queue {@code queue}, shared by every
 * requester of the group, each taking only its own replies by their {@code JMSCorrelationID}.
 */
public record ReplyTo(@JsonInclude(JsonInclude.Include.NON_NULL) String queue) {

    public static final ReplyTo TEMPORARY = new ReplyTo(null);

    public boolean temporary() {
        return queue == null;
    }

    /** As a scenario says it. */
    public String text() {
        return temporary() ? "temporary" : "{queue: " + queue + "}";
    }
}
