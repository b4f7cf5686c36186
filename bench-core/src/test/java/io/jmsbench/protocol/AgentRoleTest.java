package io.jmsbench.protocol;

import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import io.jmsbench.report.ClockOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Roles became an enum; on the wire and in report.json they stay the lower-case words agents sent before. */
@Timeout(10)
class AgentRoleTest {

    @Test
    void travelsAsTheLowerCaseWord() throws Exception {
        for (AgentRole role : AgentRole.values()) {
            String json = Json.MAPPER.writeValueAsString(role);
            assertEquals('"' + role.name().toLowerCase(java.util.Locale.ROOT) + '"', json);
            assertEquals(role, Json.MAPPER.readValue(json, AgentRole.class));
        }
        assertEquals("\"publisher\"", Json.MAPPER.writeValueAsString(AgentRole.PUBLISHER));
    }

    @Test
    void anAgentInfoOfTheStringDaysStillReads() throws Exception {
        AgentInfo info = Json.MAPPER.readValue("{\"role\":\"subscriber\",\"version\":\"0.1.0\"}", AgentInfo.class);
        assertEquals(AgentRole.SUBSCRIBER, info.role());
    }

    @Test
    void aClockOffsetNamesItsRoleInTheReport() throws Exception {
        ClockOffset clock = new ClockOffset("publisher-agent-1", AgentRole.PUBLISHER, 12.5, 40.0, true);
        String json = Json.MAPPER.writeValueAsString(clock);
        assertEquals("{\"agent\":\"publisher-agent-1\",\"role\":\"publisher\",\"offsetMicros\":12.5,"
                + "\"uncertaintyMicros\":40.0,\"applied\":true}", json);
        assertEquals(clock, Json.MAPPER.readValue(json, ClockOffset.class));
    }

    @Test
    void anUnknownRoleIsOneSentence() {
        IllegalArgumentException direct = assertThrows(IllegalArgumentException.class, () -> AgentRole.of("broker"));
        assertEquals("expected one of publisher, subscriber, monitor, found 'broker'", direct.getMessage());
        assertThrows(IllegalArgumentException.class, () -> AgentRole.of("PUBLISHER"), "the wire word, not the constant");

        ValueInstantiationException onTheWire = assertThrows(ValueInstantiationException.class,
                () -> Json.MAPPER.readValue("{\"role\":\"broker\",\"version\":\"0.1.0\"}", AgentInfo.class));
        assertEquals("expected one of publisher, subscriber, monitor, found 'broker'", onTheWire.getCause().getMessage());
    }
}
