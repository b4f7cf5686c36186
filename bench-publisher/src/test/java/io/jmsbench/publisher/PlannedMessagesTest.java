package io.jmsbench.publisher;

import io.jmsbench.protocol.MessagePlan;
import io.jmsbench.protocol.MessagePlan.MessageType;
import io.jmsbench.scenario.MessageSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertEquals;

@Timeout(10)
class PlannedMessagesTest {

    /** Every field the plan carries reaches MessageTemplate, for every message type. */
    @Test
    void theTemplateGetsThePlansMessage() {
        for (MessageType type : MessageType.values()) {
            MessageSpec spec = PlannedMessages.spec(new MessagePlan(type, 300, 4, "#7", "corr", false));
            assertEquals(new MessageSpec(MessageSpec.MessageType.valueOf(type.name()), 300, 4, "#7", "corr", null,
                    false), spec);
        }
    }
}
