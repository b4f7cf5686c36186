package io.jmsbench.publisher;

import io.jmsbench.jms.StampWriter;
import io.jmsbench.protocol.PoolPlan;
import io.jmsbench.workload.AuditHeaders;
import io.jmsbench.workload.SizeTable;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;

/**
 * What every publisher sends, prepared once on its session: the plan's messages, sent round robin
 * from a place of the client's own ({@link SizeTable#start}), each with its per-message headers
 * and a {@link StampWriter} when stamped, and the {@link SendStep} that sends them. A message is
 * stamped with its number in the client's stream, its resend flag and its send time.
 *
 * <p>The sender keeps the stream's position (message number and index) itself: a thread-per-client
 * loop in locals, since fields of clients allocated side by side could share a cache line that
 * every send would then take from another core. Not thread-safe: one sender at a time.
 */
final class MessageCycle {

    private final Message[] messages;
    /** Per message: where its stamps go; {@code null} when unstamped. */
    private final StampWriter[] stamps;
    private final SendStep step;
    private final int runTag;
    private final int publisherIndex;
    private final int first;

    private MessageCycle(Message[] messages, StampWriter[] stamps, SendStep step, int runTag, int publisherIndex,
                         int first) {
        this.messages = messages;
        this.stamps = stamps;
        this.step = step;
        this.runTag = runTag;
        this.publisherIndex = publisherIndex;
        this.first = first;
    }

    /** Opens client {@code id}'s producer on {@code session} and prepares its messages as {@code plan} asks. */
    static MessageCycle prepare(String id, Session session, PoolPlan plan, String destinationName)
            throws JMSException {
        MessageHeaderSetter headers = plan.message().headers() == null ? null
                : new MessageHeaderSetter(plan.message().headers(), plan.provider());
        MessageProducer producer = Producers.open(session, plan, destinationName, headers);
        Message[] messages = new Message[PlannedMessages.count(plan.message(), plan.variants())];
        StampWriter[] stamps = plan.message().stamped() ? new StampWriter[messages.length] : null;
        for (int i = 0; i < messages.length; i++) {
            messages[i] = PlannedMessages.create(session, plan.message(), plan.variants(), i);
            if (headers != null) {
                headers.prepare(messages[i]);
            }
            if (stamps != null) {
                stamps[i] = StampWriter.forMessage(messages[i]);
            }
        }
        return new MessageCycle(messages, stamps, SendStep.of(session, producer, headers, plan.faults()),
                AuditHeaders.runTag(plan.runId()), AuditHeaders.publisherIndex(id),
                SizeTable.start(id, messages.length));
    }

    /** The prepared messages, for a requester to address before the first send. */
    Message[] messages() {
        return messages;
    }

    /** The index of message number {@code sequence}. */
    int indexOf(long sequence) {
        return (int) ((first + sequence) % messages.length);
    }

    /** The index after {@code index}, round robin. */
    int after(int index) {
        return index + 1 == messages.length ? 0 : index + 1;
    }

    /**
     * Stamps the message at {@code index} as number {@code sequence} sent at {@code sentAt} (epoch
     * nanoseconds on the controller's clock) and sends it; {@code resend}: that number failed before.
     */
    void send(int index, long sequence, long sentAt, boolean resend) throws JMSException {
        if (stamps != null) {
            stamps[index].stamp(AuditHeaders.id(runTag, publisherIndex, sequence, resend), sentAt);
        }
        step.send(messages[index], sequence, resend);
    }

    /** Commits the session's transaction; {@code firstTry} as {@link SendStep#commit} says. */
    void commit(boolean firstTry) throws JMSException {
        step.commit(firstTry);
    }
}
