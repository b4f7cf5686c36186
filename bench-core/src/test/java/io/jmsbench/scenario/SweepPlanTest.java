package io.jmsbench.scenario;

import io.jmsbench.scenario.read.ScenarioLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code sweep:} and {@code repeat:} expanded into a plan of validated points. */
@Timeout(60)
class SweepPlanTest {

    private static ScenarioPlan plan(String text, String... overrides) throws ScenarioException {
        return ScenarioLoader.parsePlan(text, "test.yaml", "test", List.of(overrides));
    }

    private static List<String> problems(String text, String... overrides) {
        ScenarioException e = assertThrows(ScenarioException.class, () -> plan(text, overrides));
        return e.problems().stream().map(Problem::format).toList();
    }

    private static Map<String, Object> parameters(Object... keysAndValues) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            m.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return m;
    }

    @Test
    void noSweepIsOnePointOfTheBaseScenario() throws ScenarioException {
        ScenarioPlan plan = plan("publishers: {clients: 3}\n");
        assertEquals(Map.of(), plan.sweep());
        assertEquals(1, plan.repeat());
        assertEquals(1, plan.points().size());
        assertEquals(1, plan.runs());
        assertEquals(0, plan.points().get(0).index());
        assertEquals(Map.of(), plan.points().get(0).parameters());
        assertEquals(plan.base(), plan.points().get(0).scenario());
    }

    @Test
    void cartesianProductWithTheFirstKeyOutermostAndValuesAsWritten() throws ScenarioException {
        // keys and values deliberately out of alphabetical and numeric order: the file's order rules
        ScenarioPlan plan = plan("""
                subscribers:
                  - {clients: 1}
                sweep:
                  subscribers[0].clients: [3, 1]
                  publishers.clients: [2, 7, 4]
                """);
        assertEquals(List.of("subscribers[0].clients", "publishers.clients"), new ArrayList<>(plan.sweep().keySet()));
        assertEquals(List.of(3L, 1L), plan.sweep().get("subscribers[0].clients"));
        assertEquals(List.of(2L, 7L, 4L), plan.sweep().get("publishers.clients"));
        List<Map<String, Object>> expected = List.of(
                parameters("subscribers[0].clients", 3L, "publishers.clients", 2L),
                parameters("subscribers[0].clients", 3L, "publishers.clients", 7L),
                parameters("subscribers[0].clients", 3L, "publishers.clients", 4L),
                parameters("subscribers[0].clients", 1L, "publishers.clients", 2L),
                parameters("subscribers[0].clients", 1L, "publishers.clients", 7L),
                parameters("subscribers[0].clients", 1L, "publishers.clients", 4L));
        assertEquals(expected, plan.points().stream().map(ScenarioPlan.Point::parameters).toList());
        for (int i = 0; i < expected.size(); i++) {
            ScenarioPlan.Point point = plan.points().get(i);
            assertEquals(i, point.index());
            // the order of the parameters map is the sweep's key order, too
            assertEquals(List.of("subscribers[0].clients", "publishers.clients"),
                    new ArrayList<>(point.parameters().keySet()));
            assertEquals(((Long) expected.get(i).get("subscribers[0].clients")).intValue(),
                    point.scenario().subscribers().get(0).clients());
            assertEquals(((Long) expected.get(i).get("publishers.clients")).intValue(),
                    point.scenario().publishers().clients());
        }
        assertEquals(6, plan.runs());
    }

    @Test
    void pointsCarrySweptTextAndChoiceValues() throws ScenarioException {
        ScenarioPlan plan = plan("""
                message: {properties: 5}
                subscribers:
                  - {clients: 10, filter: {and: 1, position: first}}
                sweep:
                  subscribers[0].filter.position: [last, middle]
                  subscribers[0].filter.and: [5]
                  destination.name: [a.b, c]
                """);
        assertEquals(4, plan.points().size());
        ScenarioPlan.Point last = plan.points().get(3);
        assertEquals(parameters("subscribers[0].filter.position", "middle", "subscribers[0].filter.and", 5L,
                "destination.name", "c"), last.parameters());
        assertEquals(new FilterSpec(null, null, null, 5, FilterSpec.AndPosition.MIDDLE),
                last.scenario().subscribers().get(0).filter());
        assertEquals("c", last.scenario().destination().name());
        assertEquals("a.b", plan.points().get(0).scenario().destination().name());
        assertEquals(FilterSpec.AndPosition.LAST, plan.points().get(0).scenario().subscribers().get(0).filter().position());
        // the base scenario is the file as written, untouched by the sweep
        assertEquals(new FilterSpec(null, null, null, 1, FilterSpec.AndPosition.FIRST),
                plan.base().subscribers().get(0).filter());
        assertEquals("jmsbench", plan.base().destination().name());
    }

    @Test
    void rangeIncludesBothEnds() throws ScenarioException {
        ScenarioPlan plan = plan("""
                sweep:
                  publishers.clients: {from: 5, to: 20, step: 5}
                """);
        assertEquals(Map.of("publishers.clients", List.of(5L, 10L, 15L, 20L)), plan.sweep());
        assertEquals(List.of(5, 10, 15, 20),
                plan.points().stream().map(p -> p.scenario().publishers().clients()).toList());
    }

    @Test
    void rangeStepDefaultsToOneAndStopsAtTo() throws ScenarioException {
        assertEquals(List.of(1L, 2L, 3L), plan("""
                sweep:
                  publishers.clients: {from: 1, to: 3}
                """).sweep().get("publishers.clients"));
        assertEquals(List.of(2L, 5L), plan("""
                sweep:
                  publishers.clients: {from: 2, to: 7, step: 3}
                """).sweep().get("publishers.clients"));
    }

    @Test
    void repeatMultipliesTheRuns() throws ScenarioException {
        ScenarioPlan plan = plan("""
                repeat: 3
                sweep:
                  publishers.clients: [1, 2]
                  message.size: [64, 128]
                """);
        assertEquals(3, plan.repeat());
        assertEquals(4, plan.points().size());
        assertEquals(12, plan.runs());
    }

    @Test
    void nullSweepValueLeavesTheFieldOut() throws ScenarioException {
        ScenarioPlan plan = plan("""
                message: {properties: 1}
                subscribers:
                  - {clients: 2, selector: "P1 = '#1'"}
                sweep:
                  subscribers[0].selector: [null, "P1 = '#0'"]
                """);
        assertEquals(Arrays.asList(null, "P1 = '#0'"), plan.sweep().get("subscribers[0].selector"));
        ScenarioPlan.Point unfiltered = plan.points().get(0);
        assertEquals(parameters("subscribers[0].selector", null), unfiltered.parameters());
        assertNull(unfiltered.scenario().subscribers().get(0).selector());
        assertEquals(0, unfiltered.scenario().filters());
        assertEquals("P1 = '#0'", plan.points().get(1).scenario().subscribers().get(0).selector());
        assertEquals(2, plan.points().get(1).scenario().filters());
    }

    @Test
    void nullSweepValueGivesTheDefault() throws ScenarioException {
        ScenarioPlan plan = plan("""
                message: {size: 64}
                sweep:
                  message.size: [~, 128]
                """);
        assertEquals(Defaults.MESSAGE_SIZE, plan.points().get(0).scenario().message().size());
        assertEquals(128, plan.points().get(1).scenario().message().size());
    }

    @Test
    void badSweptValueIsReportedAtItsPlaceInTheSweep() {
        assertEquals(List.of("test.yaml:5:31: subscribers[0].clients: expected a whole number from 1 to 100000, "
                        + "found 0 (a value of sweep.subscribers[0].clients)"),
                problems("""
                        subscribers:
                          - {clients: 1}
                        sweep:
                          publishers.clients: [1, 2]
                          subscribers[0].clients: [4, 0]
                        """));
    }

    @Test
    void unknownSweepPathIsReported() {
        // reported once (not per value), but without a position and without saying it came from the
        // sweep (see the report); the list of top-level fields is left out, it grows with the format
        ScenarioException e = assertThrows(ScenarioException.class, () -> plan("""
                sweep:
                  publisher.clients: [1, 2]
                """));
        assertEquals(1, e.problems().size(), e.getMessage());
        Problem p = e.problems().get(0);
        assertEquals(List.of("test.yaml", 0, 0, "publisher"), List.of(p.source(), p.line(), p.column(), p.field()));
        assertTrue(p.message().startsWith("unknown field, expected one of name, description, provider, broker, "),
                p.message());
        assertTrue(p.message().endsWith(", sweep, repeat, search, expect; did you mean 'publishers'?"), p.message());
    }

    @Test
    void unknownLastStepOfASweepPathIsReportedAtTheSweep() {
        // the key is wrong, yet it is reported once per value, at each value (see the report)
        assertEquals(List.of(
                "test.yaml:2:24: publishers.clientz: unknown field, expected one of clients, rate, connections; did you mean "
                        + "'clients'? (a value of sweep.publishers.clientz)",
                "test.yaml:2:27: publishers.clientz: unknown field, expected one of clients, rate, connections; did you mean "
                        + "'clients'? (a value of sweep.publishers.clientz)"),
                problems("""
                        sweep:
                          publishers.clientz: [1, 2]
                        """));
    }

    @Test
    void badValueInASweptRangeIsReportedAtTheRange() {
        assertEquals(List.of("test.yaml:2:23: publishers.clients: expected a whole number from 1 to 100000, found 0 "
                        + "(a value of sweep.publishers.clients)"),
                problems("""
                        sweep:
                          publishers.clients: {from: 0, to: 2}
                        """));
    }

    @Test
    void sweepPathIntoAMissingListIsReported() {
        // one problem per swept value, each at its own value
        assertEquals(List.of(
                "test.yaml:2:28: subscribers[1].clients: expected an index of an existing list entry, found 1 "
                        + "(the file has no subscribers list) (a value of sweep.subscribers[1].clients)",
                "test.yaml:2:31: subscribers[1].clients: expected an index of an existing list entry, found 1 "
                        + "(the file has no subscribers list) (a value of sweep.subscribers[1].clients)"),
                problems("""
                        sweep:
                          subscribers[1].clients: [1, 2]
                        """));
        assertEquals(List.of("test.yaml:4:28: subscribers[1].clients: expected an index of an existing list "
                        + "entry, found 1 (a value of sweep.subscribers[1].clients)"),
                problems("""
                        subscribers:
                          - {clients: 1}
                        sweep:
                          subscribers[1].clients: [3]
                        """));
    }

    @Test
    void sweepKeyThatIsNoPathIsReported() {
        assertEquals(List.of("test.yaml:2:25: sweep.publishers clients: expected a field path such as "
                        + "publishers.clients or subscribers[0].clients as the key"),
                problems("""
                        sweep:
                          "publishers clients": [1, 2]
                        """));
    }

    @Test
    void moreThanTenThousandCombinationsIsRefused() {
        assertEquals(List.of("test.yaml:2:3: sweep: expected at most 10000 sweep points, found 10100"), problems("""
                sweep:
                  publishers.clients: {from: 1, to: 101}
                  message.size: {from: 1, to: 100}
                """));
    }

    @Test
    void exactlyTenThousandCombinationsIsAccepted() throws ScenarioException {
        assertEquals(10_000, plan("""
                sweep:
                  publishers.clients: {from: 1, to: 100}
                  message.size: {from: 1, to: 100}
                """).points().size());
    }

    @Test
    void setOverridesApplyToEveryPoint() throws ScenarioException {
        ScenarioPlan plan = plan("""
                message: {size: 1024}
                phases: {warmup: 20s}
                sweep:
                  publishers.clients: [1, 2, 3]
                """, "message.size=64", "phases.warmup=1s");
        assertEquals(64, plan.base().message().size());
        assertEquals(3, plan.points().size());
        for (ScenarioPlan.Point point : plan.points()) {
            assertEquals(64, point.scenario().message().size());
            assertEquals(java.time.Duration.ofSeconds(1), point.scenario().phases().warmup());
            assertEquals(point.index() + 1, point.scenario().publishers().clients());
        }
    }

    @Test
    void setOverrideCanChangeTheSweep() throws ScenarioException {
        ScenarioPlan plan = plan("""
                repeat: 1
                sweep:
                  publishers.clients: [1, 2, 3]
                """, "repeat=2");
        assertEquals(2, plan.repeat());
        assertEquals(6, plan.runs());
    }

    @Test
    void aMisspeltSectionInACompareSetIsBlamedOnItsLine() {
        assertEquals(List.of("test.yaml:4:37: brokr: unknown field, expected one of name, description, provider, "
                        + "broker, destination, message, publishers, subscribers, delivery, phases, validity, agents, cpus, faults, "
                        + "cases, compare, sweep, repeat, search, expect; did you mean 'broker'? (a value of compare 'b')"),
                problems("""
                        name: t
                        compare:
                          - {name: a, set: {provider: amqp}}
                          - {name: b, set: {brokr.embedded: artemis}}
                        """));
    }
}
