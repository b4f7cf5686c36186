package io.jmsbench.protocol;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

class ClientCountSumTest {

    @Test
    void aSumAddsCountsKeepsTheFirstNameTheLastErrorAndTheEarliestMoments() {
        List<Long> late = LongStream.range(1000, 1000 + ClientCount.MOMENTS).boxed().toList();
        ClientCount sum = ClientCount.of(List.of(
                new ClientCount("pub-3", 10, 1, "first", late, List.of()),
                new ClientCount("pub-4", 5, 0, null, List.of(7L), List.of(8L)),
                new ClientCount("pub-5", 2, 2, "last", List.of(), List.of())));
        assertEquals("pub-3", sum.client());
        assertEquals(17, sum.messages());
        assertEquals(3, sum.errors());
        assertEquals("last", sum.lastError());
        assertEquals(3, sum.clientCount());
        assertEquals(ClientCount.MOMENTS, sum.connectionLostAt().size());
        assertEquals(7L, sum.connectionLostAt().get(0));
        assertEquals(List.of(8L), sum.reconnectedAt());
    }

    @Test
    void aSingleClientLeavesClientsOutOfTheJsonAndASumIsFarSmallerThanItsParts() throws Exception {
        ClientCount one = new ClientCount("pub-0", 1, 0, null);
        assertNull(one.clients());
        assertFalse(Json.MAPPER.writeValueAsString(one).contains("\"clients\""));
        List<ClientCount> many = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            many.add(new ClientCount("pub-" + i, 12, 0, null));
        }
        HostSample host = HostSample.UNKNOWN;
        String each = Json.MAPPER.writeValueAsString(new Counters(1, 2, 3, 4, 5, many, host));
        String summed = Json.MAPPER.writeValueAsString(new Counters(1, 2, 3, 4, 5, List.of(ClientCount.of(many)), host));
        ClientCount back = Json.MAPPER.readValue(summed, Counters.class).clients().get(0);
        assertEquals(10_000, back.clientCount());
        assertEquals(120_000, back.messages());
        System.out.printf("a counters body of 10,000 clients: %,d bytes per client, %,d bytes summed%n",
                each.length(), summed.length());
    }
}
