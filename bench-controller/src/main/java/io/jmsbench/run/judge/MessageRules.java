package io.jmsbench.run.judge;

import io.jmsbench.metrics.AuditCounts;
import io.jmsbench.metrics.AuditExample;
import io.jmsbench.protocol.Counters;
import io.jmsbench.report.BrokerCounts;
import io.jmsbench.report.DrainEnd;
import io.jmsbench.report.ExpiryFigures;
import io.jmsbench.report.PointResult.Drain;
import io.jmsbench.report.RoundTrip;
import io.jmsbench.run.point.PointObservation;
import io.jmsbench.scenario.DeliverySpec;
import io.jmsbench.scenario.DestinationSpec;
import io.jmsbench.scenario.Scenario;
import io.jmsbench.scenario.SubscriberGroup;
import io.jmsbench.verdict.Finding;
import io.jmsbench.verdict.FindingCode;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;

/**
 * The rules on what became of a point's messages, one method each, in {@link PointJudge}'s order: send and receive errors, the stream audit (loss, duplicates), the drain, the
 * replication grade over the whole point and the broker's own counts beside the clients'.
 */
final class MessageRules {

    private MessageRules() {
    }

    /**
     * The broker's own counts beside the clients', over the whole point (a fresh broker's counts
     * start with it). In: what the broker took against what the publishers counted as sent, which a
     * failed send may or may not have reached. Out, once drained: what the broker saw acknowledged
     * against what the subscribers counted, beyond what was still in flight or held, the tails no
     * acknowledgement or commit covered yet, and duplicates.
     */
    static List<Finding> brokerCounts(PointFacts facts) {
        PointObservation o = facts.observation();
        Scenario scenario = facts.scenario();
        BrokerCounts counts = facts.brokerCounts();
        ExpiryFigures expiry = facts.expiry();
        if (!o.ending().completed() || o.publishersFinal() == null || o.subscribersFinal() == null) {
            return List.of();
        }
        if (counts == null) {
            return List.of(Finding.of(FindingCode.BROKER_COUNTS_NOT_READ, scenario.restartsBroker()
                    ? "the broker's own message counts were not read: a fault restarted the broker, and they would "
                    + "cover only its last life; the clients' counts stand alone"
                    : scenario.broker().isEmbedded()
                    ? "the broker's own message counts were not read (one broker served every point, or it did not "
                    + "stop cleanly): the clients' counts stand alone"
                    : "the broker's own message counts were not read (an external broker): the clients' counts "
                    + "stand alone"));
        }
        List<Finding> findings = new ArrayList<>();
        long sent = o.publishersFinal().messages();
        long sendErrors = o.publishersFinal().errors();
        // replies to a fixed queue are the broker's messages too; to temporary queues, some brokers count them
        long replies = o.roundTrip() == null ? 0 : o.roundTrip().replies();
        if (counts.inKnown() && Math.abs(counts.enqueued() - sent) > sendErrors && Math.abs(counts.enqueued() - sent - replies) > sendErrors) {
            findings.add(Finding.of(FindingCode.BROKER_COUNT_MISMATCH, String.format(Locale.ROOT,
                    "the broker took in %,d messages, the publishers counted %,d sent (%,d failed sends)",
                    counts.enqueued(), sent, sendErrors)));
        }
        boolean drained = o.drainFigures() != null && (o.drainFigures().outcome() == DrainEnd.COMPLETE
                || explainedByExpiry(o.drainFigures(), expiry));
        long received = o.subscribersFinal().messages();
        long duplicates = o.audit() == null ? 0 : o.audit().duplicates();
        long slack = counts.inFlight() + counts.remaining() + unacknowledgedTail(scenario) + duplicates;
        // a broker may count what it discarded as expired among the acknowledged (ActiveMQ) or not (Artemis);
        // where it does not say how many, acknowledged may exceed received by any number
        boolean expiredUnknown = expiry != null && !expiry.known();
        long expired = expiry != null && expiry.known() ? expiry.expired() : 0;
        if (drained && counts.outKnown() && outOff(counts, received, duplicates + expired, slack, expiredUnknown)
                && outOff(counts, received + replies, duplicates + expired, slack, expiredUnknown)) {
            findings.add(Finding.of(FindingCode.BROKER_COUNT_MISMATCH, String.format(Locale.ROOT,
                    "the broker saw %,d messages acknowledged, the subscribers counted %,d received (%,d in flight, "
                    + "%,d held, %,d duplicates)", counts.dequeued(), received, counts.inFlight(), counts.remaining(),
                    duplicates)));
        }
        return findings;
    }

    /**
     * Whether the broker's acknowledged count is off the subscribers' {@code received}: above it by more
     * than {@code extra} (unless an unknown number expired), or below it beyond the slack.
     */
    private static boolean outOff(BrokerCounts counts, long received, long extra, long slack, boolean expiredUnknown) {
        return !expiredUnknown && counts.dequeued() > received + extra || received > counts.dequeued() + slack;
    }

    /** Received messages an acknowledgement or commit may not cover yet: a batch less one per subscriber. */
    private static long unacknowledgedTail(Scenario scenario) {
        int batch = switch (scenario.delivery().ack()) {
            case CLIENT -> scenario.delivery().ackEvery();
            case TRANSACTED -> scenario.delivery().transactionSize();
            default -> 1;
        };
        long subscribers = scenario.subscribers().stream().mapToLong(SubscriberGroup::clients).sum();
        return subscribers * (batch - 1L);
    }

    static List<Finding> sendErrors(PointFacts facts) {
        Counters sent = facts.observation().publishersFinal();
        return sent == null || sent.errors() == 0 ? List.of() : List.of(Finding.of(FindingCode.SEND_ERRORS,
                sent.errors() + " send errors (last: " + facts.observation().lastSendError() + ")"));
    }

    static List<Finding> receiveErrors(PointFacts facts) {
        Counters got = facts.observation().subscribersFinal();
        return got == null || got.errors() == 0 ? List.of() : List.of(Finding.of(FindingCode.RECEIVE_ERRORS,
                got.errors() + " receive errors (last: " + facts.observation().lastReceiveError() + ")"));
    }

    /**
     * Loss is invalid where the broker must keep every message, duplicates where the ack mode allows
     * none; lost messages are those the expiry does not explain, and where expired cannot be told
     * from lost ({@link HeaderRules#expired} says so), no loss is claimed.
     */
    static List<Finding> audit(PointFacts facts) {
        AuditCounts audit = facts.audit();
        ExpiryFigures expiry = facts.expiry();
        Scenario scenario = facts.scenario();
        if (audit == null) {
            return List.of();
        }
        List<Finding> findings = new ArrayList<>();
        if (expiry != null && !expiry.known()) {
            audit = audit.withLost(0);
        }
        DeliverySpec delivery = scenario.delivery();
        boolean persistentKept = delivery.persistent() && (delivery.durable()
                || scenario.destination().type() == DestinationSpec.DestinationType.QUEUE);
        if (audit.lost() > 0 && persistentKept) {
            findings.add(Finding.of(FindingCode.PERSISTENT_MESSAGES_LOST, audit.lost()
                    + " persistent messages lost (sent, never received after the drain)"
                    + examples(audit, e -> e.lost().isEmpty() ? null : e.lostText())));
        } else if (audit.lost() > 0) {
            findings.add(Finding.of(FindingCode.MESSAGES_LOST_ALLOWED, audit.lost() + " messages lost: allowed, since "
                    + "non-persistent or non-durable delivery is at most once, but look at the drain and the broker's "
                    + "limits"));
        }
        if (audit.duplicates() > 0 && delivery.ack() != DeliverySpec.AckMode.DUPS_OK) {
            findings.add(Finding.of(FindingCode.DUPLICATES, audit.duplicates()
                    + " duplicate messages (only DUPS_OK_ACKNOWLEDGE allows them)"
                    + examples(audit, e -> e.duplicates().isEmpty() ? null : e.duplicatesText())));
        }
        return findings;
    }

    /**
     * Requests without a reply, audited as lost messages are: invalid where persistent requests and
     * replies must be kept (both are on queues, the requests unless on a non-durable topic), a note
     * where delivery is at most once.
     */
    static List<Finding> unanswered(PointFacts facts) {
        RoundTrip roundTrip = facts.observation().roundTrip();
        Scenario scenario = facts.scenario();
        if (roundTrip == null || roundTrip.unanswered() == 0) {
            return List.of();
        }
        DeliverySpec delivery = scenario.delivery();
        boolean kept = delivery.persistent() && (delivery.durable()
                || scenario.destination().type() == DestinationSpec.DestinationType.QUEUE);
        String counts = String.format(Locale.ROOT, "%,d of %,d requests without a reply after the drain (%,d replies)",
                roundTrip.unanswered(), roundTrip.requests(), roundTrip.replies());
        return List.of(kept ? Finding.of(FindingCode.REQUESTS_UNANSWERED, counts)
                : Finding.of(FindingCode.REQUESTS_UNANSWERED_ALLOWED, counts + ": allowed, since non-persistent or "
                + "non-durable delivery is at most once, but look at the drain and the responders"));
    }

    /** {@code : first PUBLISHER to SUBSCRIBER #n, ...; ...} for the streams {@code text} names, or nothing. */
    private static String examples(AuditCounts audit, Function<AuditExample, String> text) {
        List<String> named = audit.examples().stream().map(text).filter(Objects::nonNull).toList();
        return named.isEmpty() ? "" : ": first " + String.join("; ", named);
    }

    /** A drain that did not get every receipt; one that went quiet missing only what expired is complete. */
    static List<Finding> drain(PointFacts facts) {
        Drain drain = facts.observation().drainFigures();
        if (drain == null || explainedByExpiry(drain, facts.expiry())) {
            return List.of();
        }
        long missing = drain.expectedMessages() - drain.receivedMessages();
        return switch (drain.outcome()) {
            case TIMEOUT -> List.of(Finding.of(FindingCode.DRAIN_TIMEOUT, "inconclusive: the drain did not "
                    + "finish within its bound; " + missing + " of " + drain.expectedMessages() + " expected receipts "
                    + "still missing, so loss cannot be told from delay"));
            case QUIET -> List.of(Finding.of(FindingCode.DRAIN_INCOMPLETE, "drain ended " + drain.outcome()
                    + " with " + missing + " of " + drain.expectedMessages() + " expected receipts missing"));
            // complete: every receipt came; not reached: the point's ending says why
            case COMPLETE, NOT_REACHED -> List.of();
        };
    }

    /** A drain that went quiet with no more receipts missing than the broker discarded as expired. */
    private static boolean explainedByExpiry(Drain drain, ExpiryFigures expiry) {
        return expiry != null && drain.outcome() == DrainEnd.QUIET
                && drain.expectedMessages() - drain.receivedMessages() <= expiry.explained();
    }

    /**
     * The replication grade over the whole point. After an abort the publishers' final count may be a
     * stale agent's last one: no grade to judge then. With a time to live, expired messages count as
     * received (the broker discarded them as asked), and where they could not be counted the grade is
     * not judged.
     */
    static List<Finding> grade(PointFacts facts) {
        PointObservation o = facts.observation();
        ExpiryFigures expiry = facts.expiry();
        long sent = o.publishersFinal() == null ? 0 : o.publishersFinal().messages();
        if (!o.ending().completed() || sent == 0 || expiry != null && !expiry.known()) {
            return List.of();
        }
        double measured = facts.measuredGrade() + (expiry == null ? 0 : (double) expiry.expired() / sent);
        double expectedGrade = facts.expectedGrade();
        if (Math.abs(measured - expectedGrade) > 0.02 * Math.max(expectedGrade, 1e-9)) {
            return List.of(Finding.of(FindingCode.REPLICATION_GRADE_MISMATCH, String.format(Locale.ROOT,
                    "measured replication grade %.4f differs from the expected %.4f by more than 2%%",
                    measured, expectedGrade)));
        }
        return List.of();
    }
}
