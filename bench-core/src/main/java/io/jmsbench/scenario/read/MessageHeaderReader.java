package io.jmsbench.scenario.read;

import io.jmsbench.scenario.BrokerKind;
import io.jmsbench.scenario.BrokerSpec;
import io.jmsbench.scenario.DestinationSpec.DestinationType;
import io.jmsbench.scenario.DestinationSpec;
import io.jmsbench.scenario.Distribution;
import io.jmsbench.scenario.MessageHeaders;
import io.jmsbench.scenario.Phases;
import io.jmsbench.scenario.Provider;
import io.jmsbench.text.Durations;

import java.time.Duration;

/**
 * Reads {@code message.timeToLive}, {@code priority}, {@code groups} and {@code deliveryDelay}
 * ({@link MessageHeaders}), and refuses, with the reason, what the broker or the provider would take
 * without doing: a delivery delay where it cannot be told to be honoured, message groups on a topic
 * or on RabbitMQ, which has none.
 */
final class MessageHeaderReader {

    static final String TIME_TO_LIVE = "timeToLive";
    static final String PRIORITY = "priority";
    static final String GROUPS = "groups";
    static final String DELIVERY_DELAY = "deliveryDelay";
    /** Each subscriber counts its messages per group in an array this long at most. */
    static final int MAX_GROUPS = 10_000;
    private static final Duration ONE_MS = Duration.ofMillis(1);

    private static final DistributionReader.Unit PRIORITIES = new DistributionReader.Unit(PRIORITY,
            "a JMS priority from 0 to 9", () -> ValueSchemas.integer("a JMS priority from 0 to 9", 0, 9),
            v -> v.isIntegralNumber() && v.canConvertToLong() && v.longValue() >= 0 && v.longValue() <= 9
                    ? v.longValue() : null,
            Long::toString, 0, 9);

    private MessageHeaderReader() {
    }

    /** The headers in {@code message:} ({@link MessageHeaders#NONE} when none is there). */
    static MessageHeaders read(Fields f) {
        Duration ttl = f.duration(TIME_TO_LIVE, null, ONE_MS);
        Distribution priority = DistributionReader.read(f, PRIORITY, PRIORITIES, null);
        Integer groups = f.has(GROUPS) ? f.integer(GROUPS, 1, 1, MAX_GROUPS) : null;
        Duration delay = f.duration(DELIVERY_DELAY, null, ONE_MS);
        MessageHeaders headers = new MessageHeaders(ttl, priority, groups, delay);
        return headers.any() ? headers : MessageHeaders.NONE;
    }

    /** The rules across fields: what the broker, the provider, the destination and the drain allow. */
    static void check(Fields root, MessageHeaders headers, BrokerSpec broker, Provider provider,
                      DestinationSpec destination, Phases phases) {
        BrokerKind kind = broker.kindFor(provider);
        if (headers.deliveryDelay() != null) {
            String refusal = delayRefusal(broker, kind, provider);
            if (refusal != null) {
                root.problemAt("/message/" + DELIVERY_DELAY, refusal);
            } else if (headers.deliveryDelay().compareTo(phases.drain()) >= 0) {
                root.problemAt("/message/" + DELIVERY_DELAY, "expected a deliveryDelay shorter than phases.drain ("
                        + Durations.format(phases.drain()) + "; the last messages sent arrive that much after the "
                        + "publishers stop), found " + Durations.format(headers.deliveryDelay()));
            }
            if (headers.timeToLive() != null && headers.timeToLive().compareTo(headers.deliveryDelay()) <= 0) {
                root.problemAt("/message/" + TIME_TO_LIVE, "expected a timeToLive longer than deliveryDelay ("
                        + Durations.format(headers.deliveryDelay()) + "; a message's time to live runs from its "
                        + "send, so every one would expire before it is delivered), found "
                        + Durations.format(headers.timeToLive()));
            }
        }
        if (headers.groups() != null) {
            if (destination.type() != DestinationType.QUEUE) {
                root.problemAt("/message/" + GROUPS, "expected groups with destination type queue (message groups "
                        + "decide which of a queue's consumers gets a message; a topic gives every subscriber every "
                        + "one), found destination type " + destination.type().yamlName());
            } else if (kind == BrokerKind.RABBITMQ) {
                root.problemAt("/message/" + GROUPS, "expected no groups with RabbitMQ (it has no message groups: "
                        + "JMSXGroupID would be a property like any other), found groups: " + headers.groups());
            }
        }
    }

    /** Why a delivery delay cannot be asked of this broker and provider; {@code null} when it can. */
    private static String delayRefusal(BrokerSpec broker, BrokerKind kind, Provider provider) {
        if (kind == BrokerKind.RABBITMQ || provider == Provider.RABBITMQ_JMS) {
            return "expected no deliveryDelay with RabbitMQ (it delays messages only through its delayed-message "
                    + "exchange plugin, which neither JMS client uses), found one";
        }
        if (kind == null) {
            return "expected broker.kind activemq or artemis with deliveryDelay (whether an external broker of no "
                    + "named kind honours a delivery delay cannot be checked), found no kind for " + broker.url();
        }
        if (kind == BrokerKind.ACTIVEMQ && !broker.isEmbedded()) {
            return "expected the embedded ActiveMQ or an Artemis with deliveryDelay (ActiveMQ Classic delays a "
                    + "message only with its schedulerSupport on, which jmsbench turns on in its own broker but "
                    + "cannot check on an external one; without it every message comes at once), found the "
                    + "external ActiveMQ " + broker.url();
        }
        if (kind == BrokerKind.ARTEMIS && provider == Provider.OPENWIRE) {
            return "expected provider core or amqp with deliveryDelay on Artemis (JMS 2's delivery delay: ActiveMQ's "
                    + "OpenWire client cannot set one, and jmsbench has not checked Artemis's OpenWire acceptor "
                    + "with ActiveMQ's AMQ_SCHEDULED_DELAY), found provider openwire";
        }
        return null;
    }
}
