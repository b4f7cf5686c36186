package io.jmsbench.protocol;

import io.jmsbench.text.Durations;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

@Timeout(10)
class JsonTest {

    private static final List<Duration> DURATIONS = List.of(Duration.ZERO, Duration.ofMillis(1), Duration.ofMillis(500),
            Duration.ofMillis(1500), Duration.ofSeconds(1), Duration.ofSeconds(10), Duration.ofSeconds(90),
            Duration.ofMinutes(1), Duration.ofMinutes(2), Duration.ofMinutes(90), Duration.ofHours(1),
            Duration.ofHours(25), Duration.ofMillis(3_600_001));

    /** The control channel and the reports write durations as scenarios do (text.Durations), and read them back. */
    @Test
    void durationsAreWrittenAndReadAsScenariosWriteThem() throws Exception {
        for (Duration d : DURATIONS) {
            String json = Json.MAPPER.writeValueAsString(d);
            assertEquals('"' + Durations.format(d) + '"', json, d.toString());
            assertEquals(d, Json.MAPPER.readValue(json, Duration.class), json);
            assertEquals(Durations.parse(Durations.format(d)), Json.MAPPER.readValue(json, Duration.class), json);
        }
    }
}
