package io.jmsbench.jms;

import com.rabbitmq.jms.client.message.RMQBytesMessage;
import jakarta.jms.JMSException;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The first bytes of a RabbitMQ JMS bytes message's body, patched in place. Once reset, the
 * message's body is one array ({@code RMQBytesMessage.buf}), which each send serializes into a
 * new array of its own on the sending thread before {@code send} returns, so the next patch
 * cannot reach a message on its way. Rewriting the body through JMS instead
 * ({@link StampWriter.InJmsBody}) made a new output stream and copied the whole body into it per
 * send, and the send then copied it out again ({@code toByteArray}). {@link #prepare} reads its
 * own patch back through JMS; when that does not show it, or the array is not there, the JMS
 * rewrite is used.
 */
final class RabbitStampWriter extends StampWriter {

    /** {@code RMQBytesMessage.buf}; {@code null} when rabbitmq-jms no longer has it. */
    private static final VarHandle BODY = body();

    private final byte[] body;

    private RabbitStampWriter(byte[] body) {
        this.body = body;
    }

    private static VarHandle body() {
        try {
            return MethodHandles.privateLookupIn(RMQBytesMessage.class, MethodHandles.lookup())
                    .findVarHandle(RMQBytesMessage.class, "buf", byte[].class);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    /** Null when the body is shorter than the stamps, not one array, or the patch does not show. */
    static RabbitStampWriter prepare(RMQBytesMessage message) throws JMSException {
        if (BODY == null) {
            return null;
        }
        message.reset(); // read-only: the written bytes become the array every send serializes
        if (!(BODY.get(message) instanceof byte[] body) || body.length < BodyStamp.BYTES) {
            return null;
        }
        return ifPatchShows(new RabbitStampWriter(body), message);
    }

    @Override
    public void stamp(long id, long sentAt) {
        BodyStamp.write(body, 0, id, sentAt);
    }
}
