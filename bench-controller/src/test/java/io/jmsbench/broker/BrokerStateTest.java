package io.jmsbench.broker;

import io.jmsbench.broker.BrokerState.DestinationState;
import io.jmsbench.protocol.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The broker's state in the words of a stall, and as the status server sends it. */
@Timeout(10)
class BrokerStateTest {

    private static final DestinationState FULL_QUEUE = new DestinationState("queue", "bench.x", 32_562, 1, 2, 100,
            2_316, true);

    @Test
    void aFullMemoryLimitNamesTheHeldProducersAndWhatTheBrokerHolds() {
        BrokerState state = new BrokerState(100, -1, 0, List.of(FULL_QUEUE,
                new DestinationState("topic", "bench.idle", 0, 0, 0, 0, 0, false)));

        assertEquals("its memory limit 100% used, 2 producers held back by flow control (2,316 sends blocked so far); "
                + "queue bench.x holds 32,562 messages for 1 consumer", state.describe());
    }

    @Test
    void aBrokerWithRoomHoldsNobodyBack() {
        BrokerState state = new BrokerState(3, 0, 0, List.of(new DestinationState("topic", "bench.t", 0, 4, 2, 3, 0,
                false)));

        assertEquals("its memory limit 3% used, no producer held back by flow control", state.describe());
    }

    @Test
    void artemisCountsNoProducersPerAddress() {
        BrokerState state = new BrokerState(100, -1, -1, List.of(new DestinationState("queue", "bench.a", 1_000, 0,
                -1, 100, -1, true)));

        assertEquals("its memory limit 100% used, its producers held back by flow control; queue bench.a holds 1,000 "
                + "messages for no consumer", state.describe());
    }

    @Test
    void theStateTravelsAsJson() throws Exception {
        BrokerState state = new BrokerState(100, 12, 0, List.of(FULL_QUEUE));

        assertEquals(state, Json.MAPPER.readValue(Json.MAPPER.writeValueAsString(state), BrokerState.class));
    }
}
