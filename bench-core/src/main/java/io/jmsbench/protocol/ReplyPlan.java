package io.jmsbench.protocol;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A client's part in request/reply: a {@code REQUESTER} (a publisher) asks for replies on a
 * temporary queue of its own ({@code queue} {@code null}) or on the fixed queue {@code queue}, taking
 * its own by their {@code JMSCorrelationID}; a {@code RESPONDER} (a subscriber) answers each request
 * to its {@code JMSReplyTo}.
 */
public record ReplyPlan(Role role, @JsonInclude(JsonInclude.Include.NON_NULL) String queue) {

    public enum Role { REQUESTER, RESPONDER }

    public static final ReplyPlan RESPONDER = new ReplyPlan(Role.RESPONDER, null);

    public static ReplyPlan requester(String queue) {
        return new ReplyPlan(Role.REQUESTER, queue);
    }

    public boolean requester() {
        return role == Role.REQUESTER;
    }
}
