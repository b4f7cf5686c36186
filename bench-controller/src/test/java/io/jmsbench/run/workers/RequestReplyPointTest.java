package io.jmsbench.run.workers;

import io.jmsbench.broker.EmbeddedBroker;
import io.jmsbench.report.RoundTrip;
import io.jmsbench.run.PoolPlans;
import io.jmsbench.run.judge.PointFacts;
import io.jmsbench.run.judge.PointJudge;
import io.jmsbench.run.point.DriverBuilder;
import io.jmsbench.run.point.PointDriver;
import io.jmsbench.run.point.PointPlan;
import io.jmsbench.run.point.PointObservation;
import io.jmsbench.scenario.Scenario;
import io.jmsbench.scenario.read.ScenarioLoader;
import io.jmsbench.verdict.Finding;
import io.jmsbench.verdict.FindingCode;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Request/reply through the real driver, the real client pools and a real broker over TCP, in this
 * JVM: requesters on temporary queues and on one shared reply queue get a reply to every request
 * and time each; requests a non-responding consumer took are counted unanswered and judged.
 */
@Timeout(90)
class RequestReplyPointTest {

    @TempDir
    Path data;

    /**
     * Two requesters share the fixed queue: one that took the other's replies would leave requests
     * unanswered. Persistent replies are synchronous sends from the responder's listener, which must
     * not wait on the thread that reads the broker's answer (ActiveMQ's transport thread).
     */
    @ParameterizedTest(name = "replyTo: {0}, persistent: {1}")
    @CsvSource({"temporary, false", "'{queue: bench.replies}', false", "temporary, true"})
    void everyRequestIsAnsweredAndTimed(String replyTo, boolean persistent) throws Exception {
        Scenario scenario = ScenarioLoader.parse("""
                name: request-reply
                destination: {type: queue, name: bench.requests}
                message: {type: bytes, size: 128}
                publishers:
                  - {name: requesters, clients: 2, rate: 400, replyTo: %s}
                subscribers:
                  - {clients: 2, reply: true}
                delivery: {persistent: %s}
                phases: {warmup: 1s, measure: 2s, drain: 10s}
                """.formatted(replyTo, persistent), "request-reply.yaml", "request-reply", List.of());

        PointObservation o = run(scenario);

        assertTrue(o.ending().completed(), o.ending().toString());
        RoundTrip roundTrip = o.roundTrip();
        assertEquals(o.publishersFinal().messages(), roundTrip.requests(), "every publisher is a requester");
        assertTrue(roundTrip.requests() > 0, roundTrip.toString());
        assertEquals(roundTrip.requests(), roundTrip.replies(), "a reply to every request, each to its requester");
        assertEquals(0, roundTrip.unanswered());
        assertTrue(roundTrip.latency().count() > 0 && roundTrip.latency().count() <= roundTrip.replies(),
                roundTrip.toString());
        assertTrue(roundTrip.latency().p50() > 0, roundTrip.toString());
        List<FindingCode> codes = judge(scenario, o);
        assertTrue(!codes.contains(FindingCode.REQUESTS_UNANSWERED)
                && !codes.contains(FindingCode.REQUESTS_UNANSWERED_ALLOWED), codes.toString());
    }

    /** A consumer that does not answer takes about half the requests off the queue: each is unanswered. */
    @ParameterizedTest(name = "persistent: {0}")
    @ValueSource(booleans = {true, false})
    void requestsNobodyAnswersAreCountedAndJudged(boolean persistent) throws Exception {
        Scenario scenario = ScenarioLoader.parse("""
                name: request-reply
                destination: {type: queue, name: bench.requests}
                message: {type: bytes, size: 128}
                publishers:
                  - {name: requesters, clients: 1, rate: 200, replyTo: temporary}
                subscribers:
                  - {clients: 1, reply: true}
                  - {clients: 1}
                delivery: {persistent: %s}
                phases: {warmup: 1s, measure: 2s, drain: 10s}
                """.formatted(persistent), "request-reply.yaml", "request-reply", List.of());

        PointObservation o = run(scenario);

        assertTrue(o.ending().completed(), o.ending().toString());
        RoundTrip roundTrip = o.roundTrip();
        assertEquals(o.subscribersFinal().messages(), roundTrip.requests(), "every request was received");
        assertTrue(roundTrip.unanswered() > roundTrip.requests() / 4, roundTrip.toString());
        assertTrue(roundTrip.replies() > roundTrip.requests() / 4, roundTrip.toString());
        assertEquals(roundTrip.requests(), roundTrip.replies() + roundTrip.unanswered());
        List<FindingCode> codes = judge(scenario, o);
        assertTrue(codes.contains(persistent ? FindingCode.REQUESTS_UNANSWERED
                : FindingCode.REQUESTS_UNANSWERED_ALLOWED), codes.toString());
    }

    private PointObservation run(Scenario scenario) throws Exception {
        try (EmbeddedBroker broker = new EmbeddedBroker("127.0.0.1", data, false, scenario.broker().tuning())) {
            String url = broker.openwireUrl();
            InProcessWorkers workers = new InProcessWorkers(url);
            List<String> problems = new ArrayList<>();
            try {
                PointDriver driver = DriverBuilder.driver(scenario, workers).plans((clients, offset) -> PoolPlans.of(scenario,
                        "test", url, clients, offset, null)).build();
                return driver.run(System.nanoTime(), null);
            } finally {
                workers.close(problems);
            }
        }
    }

    private static List<FindingCode> judge(Scenario scenario, PointObservation o) {
        return PointJudge.judge(PointFacts.of(PointPlan.of(scenario, false), o, null, null, 2)).stream()
                .map(Finding::code).toList();
    }
}
