package io.jmsbench.scenario.read;

import io.jmsbench.scenario.DestinationSpec;
import io.jmsbench.scenario.Provider;
import io.jmsbench.scenario.PublisherGroup;
import io.jmsbench.scenario.ReplyTo;
import io.jmsbench.scenario.SubscriberGroup;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Reads a publisher group's {@code replyTo} ({@code temporary} or {@code {queue: NAME}}) and
 * checks, once every group is read, the combinations request/reply cannot serve.
 */
final class ReplyToReader {

    static final String KEY = "replyTo";
    private static final String TEMPORARY = "temporary";
    private static final Pattern QUEUE = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,199}");

    private ReplyToReader() {
    }

    /** The group's {@code replyTo}; {@code null} when absent (the group's clients only publish). */
    static ReplyTo read(Fields group) {
        if (!group.describing() && !group.has(KEY)) {
            return null;
        }
        if (group.nested().isText(KEY)) {
            String mode = group.string(KEY, TEMPORARY, Pattern.compile(TEMPORARY),
                    "temporary or a mapping {queue: NAME}");
            return TEMPORARY.equals(mode) ? ReplyTo.TEMPORARY : null;
        }
        Fields f = group.nested().mappingOrText(KEY, () -> ValueSchemas.pattern("temporary (a temporary queue per "
                + "requester) or a mapping {queue: NAME} (a fixed reply queue, replies matched by JMSCorrelationID)",
                Pattern.compile(TEMPORARY)));
        String queue = f.string("queue", null, QUEUE, "a queue name of letters, digits, '.', '_' or '-'");
        if (queue == null && !f.describing() && !f.has("queue")) {
            f.problem("expected queue: the fixed reply queue's name (or replyTo: temporary), found no queue");
        }
        f.finish();
        return queue == null ? null : new ReplyTo(queue);
    }

    /**
     * The combinations a request/reply scenario cannot serve, each named with the reason: requests
     * without a responder, responders without requests, replies that could not be timed or matched,
     * and requests answered more than once.
     */
    static void check(Fields root, List<PublisherGroup> publishers, List<SubscriberGroup> subscribers,
                      DestinationSpec destination, Provider provider) {
        // a replyTo already refused still asked for requests: its responders are not told again
        boolean requests = publishers.stream().anyMatch(p -> p.replyTo() != null)
                || root.problems().stream().anyMatch(p -> p.field().endsWith("." + KEY));
        int responders = subscribers.stream().filter(SubscriberGroup::reply).mapToInt(SubscriberGroup::clients).sum();
        boolean answered = responders > 0 || root.problems().stream().anyMatch(p -> p.field().endsWith(".reply"));
        for (int i = 0; i < publishers.size(); i++) {
            PublisherGroup p = publishers.get(i);
            ReplyTo replyTo = p.replyTo();
            if (replyTo == null) {
                continue;
            }
            String at = "/publishers/" + i + "/" + KEY;
            if (!answered) {
                root.problemAt(at, "expected a subscriber group with reply: true beside replyTo (nothing would "
                        + "answer the requests), found none");
            }
            if (!p.message().stamped()) {
                root.problemAt(at, "expected stamped messages with replyTo (a reply carries its request's stamps, "
                        + "by which the requester times and counts it), found message.stamped: false");
            }
            if (!replyTo.temporary() && p.message().correlationId() != null) {
                root.problemAt(at, "expected no message.correlationId with a fixed reply queue (the requester sets "
                        + "JMSCorrelationID itself to take only its own replies), found correlationId "
                        + p.message().correlationId());
            }
            if (!replyTo.temporary() && provider == Provider.RABBITMQ_JMS) {
                root.problemAt(at, "expected replyTo: temporary with provider rabbitmq-jms (RabbitMQ's JMS client "
                        + "takes no selector on a queue, by which each requester takes its own replies from a fixed "
                        + "queue), found " + replyTo.queue() + " as a fixed queue");
            }
            if (!replyTo.temporary() && destination.type() == DestinationSpec.DestinationType.QUEUE
                    && (replyTo.queue().equals(destination.name())
                    || replyTo.queue().startsWith(destination.name() + ".") && destination.count() > 1)) {
                root.problemAt(at, "expected a reply queue other than the requests' destination (replies would be "
                        + "taken as requests), found " + replyTo.queue());
            }
        }
        for (int j = 0; j < subscribers.size(); j++) {
            if (!subscribers.get(j).reply()) {
                continue;
            }
            String at = "/subscribers/" + j + "/reply";
            if (!requests) {
                root.problemAt(at, "expected reply: true only with a publisher group that sets replyTo (no request "
                        + "would carry a JMSReplyTo), found none");
            }
        }
        if (requests && destination.type() == DestinationSpec.DestinationType.TOPIC && responders > destination.count()) {
            root.problemAt("/subscribers", "expected at most one responding subscriber per topic (each subscriber of a "
                    + "topic gets its own copy of a request and would answer it: the requester would count duplicate "
                    + "replies), found " + responders + " on " + destination.count()
                    + (destination.count() == 1 ? " topic" : " topics") + "; use a queue for competing responders");
        }
    }
}
