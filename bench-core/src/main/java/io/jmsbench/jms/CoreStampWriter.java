package io.jmsbench.jms;

import io.netty.buffer.ByteBuf;
import jakarta.jms.JMSException;
import org.apache.activemq.artemis.core.message.impl.CoreMessage;
import org.apache.activemq.artemis.jms.client.ActiveMQBytesMessage;

/**
 * The first bytes of an Artemis CORE bytes message's body, patched in place in the message's own
 * buffer, where the body starts. Artemis encodes the message into the packet on the sending thread,
 * before {@code send} returns, so the next patch cannot reach a message on its way; rewriting the
 * body through JMS instead ({@link StampWriter.InJmsBody}) clears and copies the whole body per send.
 * {@link #prepare} reads its own patch back through JMS; when that does not show it, or the body
 * is not where this expects it, the JMS rewrite is used.
 */
final class CoreStampWriter extends StampWriter {

    private final CoreMessage message;

    private CoreStampWriter(CoreMessage message) {
        this.message = message;
    }

    /** Null when the body is shorter than the stamps, not in the message's buffer, or the patch does not show. */
    static CoreStampWriter prepare(ActiveMQBytesMessage jms) throws JMSException {
        jms.reset(); // read-only: the written bytes are the body
        if (!(jms.getCoreMessage() instanceof CoreMessage core) || core.isLargeMessage()
                || jms.getBodyLength() < BodyStamp.BYTES) {
            return null;
        }
        CoreStampWriter writer = new CoreStampWriter(core);
        if (!writer.patch(PROBE_ID, PROBE_SENT_AT) || !patchShows(jms)) {
            return null;
        }
        writer.stamp(0, 0);
        return writer;
    }

    @Override
    public void stamp(long id, long sentAt) {
        patch(id, sentAt);
    }

    private boolean patch(long id, long sentAt) {
        ByteBuf buffer = message.getBuffer();
        int at = CoreMessage.BODY_OFFSET;
        if (buffer == null || buffer.capacity() < at + BodyStamp.BYTES) {
            return false;
        }
        buffer.setInt(at, BodyStamp.MARKER);
        buffer.setLong(at + 4, id);
        buffer.setLong(at + 12, sentAt);
        return true;
    }
}
