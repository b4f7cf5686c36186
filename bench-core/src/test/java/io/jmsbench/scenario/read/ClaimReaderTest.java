package io.jmsbench.scenario.read;

import io.jmsbench.scenario.Claim;
import io.jmsbench.scenario.Problem;
import io.jmsbench.scenario.ScenarioException;
import io.jmsbench.scenario.ScenarioPlan;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code expect:}: each claim read whole, every mistake one sentence at its line and field. */
@Timeout(30)
class ClaimReaderTest {

    private static final String SWEPT = """
            message: {properties: 2}
            subscribers:
              - {clients: 1, filter: {and: 2, position: first}}
            sweep:
              subscribers[0].clients: [1, 5, 10]
              subscribers[0].filter.position: [first, last]
            expect:
            """;

    private static ScenarioPlan plan(String claims) throws ScenarioException {
        return ScenarioLoader.parsePlan(SWEPT + claims, "test.yaml", "test", List.of());
    }

    private static List<String> problems(String claims) {
        ScenarioException e = assertThrows(ScenarioException.class, () -> plan(claims));
        return e.problems().stream().map(Problem::format).toList();
    }

    @Test
    void everyShapeReadsWithItsFields() throws ScenarioException {
        List<Claim> claims = plan("""
                  - {received: decreasing, in: "subscribers[0].clients", where: {"subscribers[0].filter.position": last}}
                  - {overall: flat, in: "subscribers[0].clients", from: 5, within: 5%, note: paper fig. 3}
                  - {received: ordered, by: "subscribers[0].filter.position", order: [first, last]}
                  - {dispatched: ratio, by: "subscribers[0].clients", of: 1, to: 10, atLeast: 0.95, atMost: 2}
                """).claims();
        assertEquals(4, claims.size());
        Claim falls = claims.get(0);
        assertEquals(Claim.Metric.RECEIVED, falls.metric());
        assertEquals(Claim.Shape.DECREASING, falls.shape());
        assertEquals(Map.of("subscribers[0].filter.position", "last"), falls.where());
        assertEquals("received falls with subscribers[0].clients where subscribers[0].filter.position=last",
                falls.statement());
        assertEquals("overall is flat within 5% across subscribers[0].clients from subscribers[0].clients=5",
                claims.get(1).statement());
        assertEquals(0.05, claims.get(1).within(), 1e-12);
        assertEquals("paper fig. 3", claims.get(1).note());
        assertEquals(List.of("first", "last"), claims.get(2).order());
        assertEquals("dispatched at subscribers[0].clients=1 over subscribers[0].clients=10 is at least 0.95 and is"
                + " at most 2", claims.get(3).statement());
    }

    @Test
    void noExpectIsNoClaims() throws ScenarioException {
        assertEquals(List.of(), ScenarioLoader.parsePlan("sweep: {publishers.clients: [1, 2]}\n", "t.yaml", "t",
                List.of()).claims());
    }

    @Test
    void aKeyOrValueTheSweepDoesNotHaveIsNamedWithWhatItHas() {
        assertEquals(List.of("test.yaml:8:32: expect[0].in: expected a sweep key (one of subscribers[0].clients, "
                + "subscribers[0].filter.position), found 'publishers.clients'"),
                problems("  - {received: decreasing, in: publishers.clients}\n"));
        assertEquals(List.of("test.yaml:8:70: expect[0].order: expected one of the values of "
                + "subscribers[0].filter.position (first, last), found 'middle'"),
                problems("  - {received: ordered, by: \"subscribers[0].filter.position\", order: [first, last, middle]}\n"));
        assertEquals(List.of("test.yaml:8:64: expect[0].from: expected one of the values of subscribers[0].clients "
                + "(1, 5, 10), found '2'"), problems("  - {received: increasing, in: \"subscribers[0].clients\", from: 2}\n"));
    }

    @Test
    void eachShapeAsksForItsOwnFieldsAndRefusesOthers() {
        assertEquals(List.of("test.yaml:8:5: expect[0]: expected within: how far from their mean the rates may be, "
                + "such as 5%, found none"), problems("  - {received: flat, in: \"subscribers[0].clients\"}\n"));
        assertEquals(List.of("test.yaml:8:66: expect[0].within: expected no within with decreasing, found one"),
                problems("  - {received: decreasing, in: \"subscribers[0].clients\", within: 5%}\n"));
        assertEquals(List.of("test.yaml:8:5: expect[0]: expected in: the sweep key the received rate is "
                + "decreasing across, such as subscribers[0].clients, found none", "test.yaml:8:32: expect[0].by: "
                + "expected in: (not by:) with decreasing, found by: subscribers[0].clients"),
                problems("  - {received: decreasing, by: \"subscribers[0].clients\"}\n"));
        assertEquals(List.of("test.yaml:8:5: expect[0]: expected atLeast: or atMost: (the bound on the ratio, such as "
                + "0.95), found neither"), problems("  - {received: ratio, by: \"subscribers[0].clients\", of: 1, to: 5}\n"));
        assertEquals(List.of("test.yaml:8:5: expect[0]: expected one of received, dispatched or overall, saying "
                + "increasing, decreasing, flat, ordered or ratio, found none"),
                problems("  - {rate: decreasing, in: \"subscribers[0].clients\"}\n").subList(0, 1));
        assertEquals(List.of("test.yaml:8:16: expect[0].received: expected one of increasing, decreasing, flat, "
                + "ordered, ratio, found 'falling'"), problems("  - {received: falling, in: \"subscribers[0].clients\"}\n"));
    }

    @Test
    void anUnquotedBracketKeyInsideBracesIsToldToBeQuoted() {
        assertEquals(List.of("test.yaml:8:43: (document): expected valid YAML, found a syntax error: expected ',' or"
                + " '}', but got [ (while parsing a flow mapping); a key or value with [ ] inside { } must be quoted,"
                + " such as \"subscribers[0].clients\""),
                problems("  - {received: decreasing, in: subscribers[0].clients}\n"));
    }

    @Test
    void aClaimBesideASearchIsRefused() {
        List<String> problems = problems("""
                  - {received: decreasing, in: "subscribers[0].clients"}
                search: {from: 1000, to: 2000, step: 500}
                """);
        assertTrue(problems.stream().anyMatch(p -> p.contains("expected no expect: beside search:")), problems.toString());
    }
}
