package io.jmsbench.scenario;

import io.jmsbench.scenario.read.ScenarioLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** publishers.rate as a profile: read from a scenario, refused in one sentence at its line, written back as text. */
@Timeout(60)
class RateProfileTest {

    private static final String PHASES = "phases: {warmup: 5s, measure: 20s}\n";

    private static Scenario parse(String text) throws ScenarioException {
        return ScenarioLoader.parse(text, "test.yaml", "test", List.of());
    }

    private static List<String> problems(String text) {
        ScenarioException e = assertThrows(ScenarioException.class, () -> parse(text));
        return e.problems().stream().map(Problem::format).toList();
    }

    @Test
    void aProfileIsReadInOrderAndWrittenBackAsTextThatParsesAgain() throws ScenarioException {
        PublishRate rate = parse(PHASES + """
                publishers:
                  clients: 4
                  rate:
                    - {rate: 1000, for: 30s}
                    - {ramp: 5000, over: 60s}
                    - {burst: 20000, for: 2s, every: 15s, over: 1m}
                    - {rate: 500.5}
                """).publishers().rate();
        PublishRate.Profile expected = new PublishRate.Profile(List.of(
                new RateSegment.Hold(1000, Duration.ofSeconds(30)), new RateSegment.Ramp(5000, Duration.ofSeconds(60)),
                new RateSegment.Burst(20000, Duration.ofSeconds(2), Duration.ofSeconds(15), Duration.ofMinutes(1)),
                new RateSegment.Hold(500.5, null)));
        assertEquals(expected, rate);
        assertEquals("[{rate: 1000, for: 30s}, {ramp: 5000, over: 1m}, {burst: 20000, for: 2s, every: 15s, over: 1m}, "
                + "{rate: 500.5}]", rate.text());
        assertEquals(expected, PublishRate.parse(rate.text()));
    }

    @Test
    void eachMistakeIsOneSentenceAtItsLine() {
        String head = PHASES + "publishers:\n  rate:\n";
        assertEquals(List.of("test.yaml:4:14: publishers.rate[0].rate: expected rate to be a total rate in msgs/s "
                + "above 0 and at most 1000000000, found 0"), problems(head + "    - {rate: 0, for: 1s}\n"));
        assertEquals(List.of("test.yaml:5:14: publishers.rate[1].ramp: expected ramp to be a total rate in msgs/s "
                        + "above 0 and at most 1000000000, found 2000000000"),
                problems(head + "    - {rate: 10, for: 1s}\n    - {ramp: 2e9, over: 1s}\n"));
        assertEquals(List.of("test.yaml:4:7: publishers.rate[0]: expected the first segment to hold a rate ({rate: "
                + "1000, for: 30s}), found a ramp, which starts from the rate before it, and the first has none"),
                problems(head + "    - {ramp: 100, over: 1s}\n"));
        assertEquals(List.of("test.yaml:5:25: publishers.rate[1].for: expected for shorter than every (2s), so that the "
                + "previous rate runs between the bursts, found for: 2s"),
                problems(head + "    - {rate: 10, for: 1s}\n    - {burst: 100, for: 2s, every: 2s}\n"));
        assertEquals(List.of("test.yaml:4:7: publishers.rate[0]: expected one of rate (hold), ramp or burst in each "
                + "segment, found rate and ramp"), problems(head + "    - {rate: 10, ramp: 20, over: 1s}\n"));
        assertEquals(List.of("test.yaml:4:18: publishers.rate[0].evry: unknown field, expected one of rate, ramp, "
                        + "burst, for, over, every; did you mean 'every'?"),
                problems(head + "    - {rate: 10, evry: 1s}\n"));
        assertEquals(List.of("test.yaml:4:7: publishers.rate[0]: expected a length (for) on every segment but the "
                + "last, found none: only the last may hold to the point's end"),
                problems(head + "    - {rate: 10}\n    - {rate: 20}\n"));
        assertEquals(List.of("test.yaml:3:9: publishers.rate: expected at least one segment such as {rate: 1000, "
                + "for: 30s}, found an empty list"), problems(PHASES + "publishers:\n  rate: []\n"));
    }

    @Test
    void aProfileIsRefusedBesideAutoPhasesAndAWindowOfMessages() {
        String profile = "publishers:\n  rate:\n    - {rate: 10, for: 1s}\n";
        assertEquals(List.of("test.yaml:3:5: publishers.rate: expected fixed phases.warmup and phases.measure (such as "
                + "10s) and no phases.messages with a rate profile, found phases.warmup: auto: a changing rate is "
                + "never steady, so an auto phase would never end as asked"), problems(profile));
        assertEquals(List.of("test.yaml:3:5: publishers.rate: expected fixed phases.warmup and phases.measure (such as "
                + "10s) and no phases.messages with a rate profile, found phases.measure: auto: a changing rate is "
                + "never steady, so an auto phase would never end as asked"),
                problems(profile + "phases: {warmup: 5s, measure: auto}\n"));
        assertEquals(List.of("test.yaml:3:5: publishers.rate: expected fixed phases.warmup and phases.measure (such as "
                + "10s) and no phases.messages with a rate profile, found phases.messages: 1000: the window must be a "
                + "time for the profile's seconds to be known"),
                problems(profile + "phases: {warmup: 5s, measure: 20s, messages: 1000}\n"));
    }

    @Test
    void aFieldOfAProfileIsSweptButNotAWholeProfile() throws ScenarioException {
        ScenarioPlan plan = ScenarioLoader.parsePlan(PHASES + """
                publishers:
                  rate:
                    - {rate: 500, for: 5s}
                    - {ramp: 1000, over: 5s}
                sweep:
                  publishers.rate[1].ramp: [2000, 4000]
                """, "test.yaml", "test", List.of());
        assertEquals(List.of("[{rate: 500, for: 5s}, {ramp: 2000, over: 5s}]",
                "[{rate: 500, for: 5s}, {ramp: 4000, over: 5s}]"),
                plan.points().stream().map(p -> p.scenario().publishers().rate().text()).toList());
        ScenarioException e = assertThrows(ScenarioException.class, () -> ScenarioLoader.parsePlan(PHASES
                + "sweep:\n  publishers.rate: [[{rate: 5}], 200]\n", "test.yaml", "test", List.of()));
        assertEquals(List.of("test.yaml:3:20: sweep.publishers.rate: expected a list of plain values, found a list in "
                + "it: whole rate profiles are not swept; sweep one of a profile's fields instead, such as "
                + "publishers.rate[1].ramp"), e.problems().stream().map(Problem::format).toList());
    }
}
