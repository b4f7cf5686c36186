package io.jmsbench.jms;

import com.rabbitmq.jms.client.message.RMQBytesMessage;
import io.jmsbench.workload.AuditHeaders;
import jakarta.jms.BytesMessage;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import org.apache.activemq.command.ActiveMQBytesMessage;
import org.apache.activemq.command.ActiveMQMessage;
import org.apache.activemq.util.ByteSequence;
import org.apache.qpid.jms.message.JmsBytesMessage;
import org.apache.qpid.proton.amqp.Binary;

import java.util.Arrays;

/**
 * Writes the two audit stamps ({@link AuditHeaders}) on a prepared message before each send.
 *
 * <p>An ActiveMQ bytes message of at least {@link BodyStamp#BYTES} bytes carries them in the first
 * bytes of its body ({@link BodyStamp}), so the broker gets a message of exactly the scenario's
 * size with no property of the harness's own: the same message a plain JMS loop sends. Measured
 * side by side (OpenWire topic 1x1, 2 shared cores), stamps as properties cost the broker about
 * 3 µs per message more than none, and 66 more body bytes cost as much. A qpid-jms bytes message
 * gets them in its body too, patched in place ({@link InQpidBody}), as do an Artemis CORE bytes message
 * ({@link CoreStampWriter}) and a RabbitMQ JMS one ({@link RabbitStampWriter}); any other provider's bytes
 * message gets its body rewritten through JMS before each send ({@link InJmsBody}).
 *
 * <p>On any other ActiveMQ message, {@code setLongProperty} costs about 700 ns and 2.5 KB per send (JMH,
 * {@code OpenWireSendBenchmark}): the session copies the property map, and the wire format
 * marshals it again, boxing and encoding every name. This writer marshals the message's
 * properties once, with the stamps last, and gives each send its own copy of those bytes with the
 * two longs patched in: the same bytes on the wire, read by any client, a small array per send.
 * It checks its own output by unmarshalling it once; on any other message, or if that check
 * fails, it sets the properties through JMS. One writer per message; not thread-safe.
 */
public abstract sealed class StampWriter
        permits StampWriter.Properties, StampWriter.InJmsBody, StampWriter.InQpidBody, StampWriter.InBody,
        MarshalledStampWriter, CoreStampWriter, RabbitStampWriter {

    /** The stamps a writer patches in once and reads back through JMS ({@link #patchShows}) before it is used. */
    static final long PROBE_ID = 0x0102030405060708L;
    static final long PROBE_SENT_AT = 0x1112131415161718L;

    /** Sets {@code id} and {@code sentAt} on the message for its next send. */
    public abstract void stamp(long id, long sentAt) throws JMSException;

    /** A writer for {@code message}, whose other properties are final by now. */
    public static StampWriter forMessage(Message message) throws JMSException {
        if (message instanceof ActiveMQBytesMessage bytes) {
            StampWriter body = InBody.prepare(bytes);
            if (body != null) {
                return body;
            }
        }
        if (message instanceof JmsBytesMessage qpid) {
            StampWriter body = InQpidBody.prepare(qpid);
            if (body != null) {
                return body;
            }
        }
        if (message instanceof org.apache.activemq.artemis.jms.client.ActiveMQBytesMessage core) {
            StampWriter body = CoreStampWriter.prepare(core);
            if (body != null) {
                return body;
            }
        }
        if (message instanceof RMQBytesMessage rabbit) {
            StampWriter body = RabbitStampWriter.prepare(rabbit);
            if (body != null) {
                return body;
            }
        }
        if (message instanceof BytesMessage bytes && !(message instanceof ActiveMQMessage)) {
            StampWriter body = InJmsBody.prepare(bytes);
            if (body != null) {
                return body;
            }
        }
        if (message instanceof ActiveMQMessage activemq) {
            StampWriter marshalled = MarshalledStampWriter.prepare(activemq);
            if (marshalled != null) {
                return marshalled;
            }
        }
        return new Properties(message);
    }

    /**
     * {@code writer}, patched into {@code message}'s body in place, once its probe stamp reads back through JMS
     * (and is cleared again); null when it does not, so the caller falls back to a way that rewrites the body.
     */
    static <W extends StampWriter> W ifPatchShows(W writer, BytesMessage message) throws JMSException {
        writer.stamp(PROBE_ID, PROBE_SENT_AT);
        if (!patchShows(message)) {
            return null;
        }
        writer.stamp(0, 0);
        return writer;
    }

    /** Whether the probe stamps a writer just patched in read back through JMS from the start of the body. */
    static boolean patchShows(BytesMessage message) throws JMSException {
        byte[] head = new byte[BodyStamp.BYTES];
        message.reset();
        int read = message.readBytes(head);
        message.reset();
        return read == head.length && BodyStamp.present(head, 0, head.length)
                && BodyStamp.id(head, 0) == PROBE_ID && BodyStamp.sentAt(head, 0) == PROBE_SENT_AT;
    }

    /** Through the JMS API: what any provider understands. */
    static final class Properties extends StampWriter {
        private final Message message;

        Properties(Message message) {
            this.message = message;
        }

        @Override
        public void stamp(long id, long sentAt) throws JMSException {
            message.setLongProperty(AuditHeaders.ID, id);
            message.setLongProperty(AuditHeaders.SENT_AT, sentAt);
        }
    }

    /**
     * The first bytes of another provider's bytes message (qpid-jms), rewritten through JMS before
     * each send: the session sends a copy of the message, and clearing the body gives the next
     * send a buffer of its own.
     */
    static final class InJmsBody extends StampWriter {
        // a provider other than the two above, or a qpid-jms whose internals moved
        private final BytesMessage message;
        private final byte[] body;

        private InJmsBody(BytesMessage message, byte[] body) {
            this.message = message;
            this.body = body;
        }

        /** Null when the body is too short for the stamps. */
        static InJmsBody prepare(BytesMessage message) throws JMSException {
            message.reset();
            long length = message.getBodyLength();
            if (length < BodyStamp.BYTES || length > Integer.MAX_VALUE) {
                return null;
            }
            byte[] body = new byte[(int) length];
            message.readBytes(body);
            InJmsBody writer = new InJmsBody(message, body);
            writer.stamp(0, 0);
            return writer;
        }

        @Override
        public void stamp(long id, long sentAt) throws JMSException {
            BodyStamp.write(body, id, sentAt);
            message.clearBody();
            message.writeBytes(body);
        }
    }

    /**
     * The first bytes of a qpid-jms bytes message's body, patched in place. qpid-jms encodes the
     * message it is given (no copy) on the sending thread, before {@code send} returns, so the
     * next patch cannot reach a message on its way. Rewriting the body through JMS instead cost
     * about a quarter of the send thread's time (JFR): a 1 KiB copy into a buffer that grows.
     * The body is reached through qpid-jms's package-private {@code getBody()} ({@link QpidBody}); when
     * that is not there, or the patch does not show through {@code readBytes}, {@link InJmsBody} is used.
     */
    static final class InQpidBody extends StampWriter {
        private final byte[] array;
        private final int offset;

        private InQpidBody(byte[] array, int offset) {
            this.array = array;
            this.offset = offset;
        }

        /** Null when the body is not one binary section of at least the stamps' size, or unreachable. */
        static InQpidBody prepare(JmsBytesMessage message) throws JMSException {
            message.reset(); // the written bytes become the body's binary section
            Binary binary = QpidBody.of(message);
            if (binary == null || binary.getLength() < BodyStamp.BYTES) {
                return null;
            }
            InQpidBody writer = new InQpidBody(binary.getArray(), binary.getArrayOffset());
            return ifPatchShows(writer, message); // the patch must be what the message holds
        }

        @Override
        public void stamp(long id, long sentAt) {
            BodyStamp.write(array, offset, id, sentAt);
        }
    }

    /** The first bytes of an ActiveMQ bytes message's body, patched into a fresh copy per send. */
    static final class InBody extends StampWriter {
        private final ActiveMQBytesMessage message;
        private final byte[] template;

        private InBody(ActiveMQBytesMessage message, byte[] template) {
            this.message = message;
            this.template = template;
        }

        /** Null when the body is too short for the stamps or compressed. */
        static InBody prepare(ActiveMQBytesMessage message) throws JMSException {
            message.reset(); // stores what was written: the body is final from here on
            ByteSequence content = message.getContent();
            if (message.isCompressed() || content == null || content.getLength() < BodyStamp.BYTES) {
                return null;
            }
            byte[] template = Arrays.copyOfRange(content.getData(), content.getOffset(),
                    content.getOffset() + content.getLength());
            BodyStamp.write(template, 0, 0);
            InBody writer = new InBody(message, template);
            writer.stamp(0, 0);
            return writer;
        }

        @Override
        public void stamp(long id, long sentAt) {
            // a fresh array per send, as for the properties below
            byte[] body = template.clone();
            BodyStamp.write(body, id, sentAt);
            message.setContent(new ByteSequence(body));
        }
    }
}
