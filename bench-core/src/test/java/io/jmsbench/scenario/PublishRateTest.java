package io.jmsbench.scenario;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.jmsbench.protocol.Json;
import io.jmsbench.scenario.read.ScenarioLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** publishers.rate read once into a type: parsed, refused with the scenario's sentence, and written back as text. */
@Timeout(60)
class PublishRateTest {

    private static Scenario parse(String text) throws ScenarioException {
        return ScenarioLoader.parse(text, "test.yaml", "test", List.of());
    }

    private static List<String> problems(String text) {
        ScenarioException e = assertThrows(ScenarioException.class, () -> parse(text));
        return e.problems().stream().map(Problem::format).toList();
    }

    @Test
    void maxAndNumbersParse() {
        assertSame(PublishRate.MAX, PublishRate.parse("max"));
        assertEquals(new PublishRate.PerSecond(20000), PublishRate.parse("20000"));
        assertEquals(new PublishRate.PerSecond(1500.5), PublishRate.parse("1500.5"));
        // read as Java reads a double, as the String field always was: exponents and surrounding blanks
        assertEquals(new PublishRate.PerSecond(20000), PublishRate.parse(" 2e4 "));
        assertEquals(new PublishRate.PerSecond(1e9), PublishRate.parse("1000000000"));
    }

    @Test
    void badValuesAreRefusedWithTheScenarioSentence() {
        for (String bad : List.of("fast", "MAX", "max ", "", "0", "-5", "NaN", "Infinity", "1000000001", "1e10")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PublishRate.parse(bad), bad);
            assertEquals("expected max (saturated), sustainable (found by a closed loop) or a total rate in msgs/s "
                    + "above 0, found '" + bad + "'",
                    e.getMessage());
        }
    }

    @Test
    void aFixedRateOutsideItsBoundsCannotBeBuilt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new PublishRate.PerSecond(0));
        assertEquals("publishers.rate: expected a total rate in msgs/s above 0 and at most 1000000000, found 0.0",
                e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new PublishRate.PerSecond(Double.NaN));
        assertEquals("publishers.rate: expected a total rate in msgs/s above 0 and at most 1000000000, found NaN",
                e.getMessage());
    }

    @Test
    void scenarioReadsTheRateAsTextOrNumber() throws ScenarioException {
        assertEquals(PublishRate.MAX, parse("name: t\n").publishers().rate());
        assertEquals(PublisherSpec.single(4, new PublishRate.PerSecond(20000)),
                parse("publishers: {clients: 4, rate: 20000}\n").publishers());
        assertEquals(PublisherSpec.single(2, new PublishRate.PerSecond(1500.5)),
                parse("publishers: {clients: 2, rate: \"1500.5\"}\n").publishers());
    }

    @Test
    void scenarioRefusesABadRateAtItsPosition() {
        assertEquals(List.of("test.yaml:1:32: publishers.rate: expected max (saturated), sustainable (found by a "
                        + "closed loop) or a total rate in msgs/s above 0, found '0'"),
                problems("publishers: {clients: 4, rate: 0}\n"));
        assertEquals(List.of("test.yaml:1:20: publishers.rate: expected max (saturated), sustainable (found by a "
                        + "closed loop) or a total rate in msgs/s above 0, found 'true'"),
                problems("publishers: {rate: true}\n"));
        assertEquals(List.of("test.yaml:1:21: publishers.rate[0]: expected a mapping of fields, found 1"),
                problems("publishers: {rate: [1]}\n"));
    }

    @Test
    void ratePerClientSplitsTheTotalAndIsNaNWhenSaturated() {
        PublisherSpec fixed = PublisherSpec.single(4, new PublishRate.PerSecond(20000));
        assertEquals(5000.0, fixed.ratePerClient());
        assertFalse(fixed.saturated());
        PublisherSpec max = PublisherSpec.single(4, PublishRate.MAX);
        assertTrue(Double.isNaN(max.ratePerClient()));
        assertTrue(max.saturated());
    }

    @Test
    void jsonWritesTheTextAsItAlwaysWasAndReadsItBack() throws JsonProcessingException {
        // report.json embeds the resolved scenario: "rate" stays a string, "max" or the number
        PublisherSpec fixed = PublisherSpec.single(4, new PublishRate.PerSecond(20000));
        String json = Json.MAPPER.writeValueAsString(fixed);
        assertEquals("{\"clients\":4,\"rate\":\"20000\",\"faults\":null}", json);
        assertEquals(fixed, Json.MAPPER.readValue(json, PublisherSpec.class));

        PublisherSpec max = PublisherSpec.single(1, PublishRate.MAX);
        json = Json.MAPPER.writeValueAsString(max);
        assertEquals("{\"clients\":1,\"rate\":\"max\",\"faults\":null}", json);
        assertSame(PublishRate.MAX, Json.MAPPER.readValue(json, PublisherSpec.class).rate());

        assertEquals("\"1500.5\"", Json.MAPPER.writeValueAsString(new PublishRate.PerSecond(1500.5)));
        assertEquals("\"0.25\"", Json.MAPPER.writeValueAsString(new PublishRate.PerSecond(0.25)));
        assertEquals("\"1000000000\"", Json.MAPPER.writeValueAsString(new PublishRate.PerSecond(1e9)));
    }

    @Test
    void jsonReadsWhatEarlierReportsWrote() throws JsonProcessingException {
        // before the type, the field kept the scenario's text: "2e4" read the same as 20000
        assertEquals(new PublishRate.PerSecond(20000),
                Json.MAPPER.readValue("{\"clients\":1,\"rate\":\"2e4\",\"faults\":null}", PublisherSpec.class).rate());
        assertEquals(new PublishRate.PerSecond(300),
                Json.MAPPER.readValue("{\"clients\":1,\"rate\":300,\"faults\":null}", PublisherSpec.class).rate());
    }

    @Test
    void jsonRefusesABadRateWithTheSentence() {
        Exception e = assertThrows(JsonProcessingException.class, () ->
                Json.MAPPER.readValue("{\"clients\":1,\"rate\":\"fast\",\"faults\":null}", PublisherSpec.class));
        assertTrue(e.getMessage().contains("expected max (saturated), sustainable (found by a closed loop) or a total "
                + "rate in msgs/s above 0, found 'fast'"),
                e.getMessage());
    }

    @Test
    void aProfileAReportDidNotWriteIsRefusedInOneSentence() {
        for (String bad : List.of("[]", "[{rate: fast}]", "[{rate: 1000, for: 30s}", "[{rate: 1000, hold: 30s}]",
                "[{rate: 1000, for: 30s} {rate: 5}]")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PublishRate.parse(bad), bad);
            assertEquals("expected a rate profile as a report writes it, such as [{rate: 1000, for: 30s}, {ramp: 5000, "
                    + "over: 1m}], found '" + bad + "'", e.getMessage());
        }
    }
}
