package io.jmsbench.jms;

import io.jmsbench.workload.AuditHeaders;
import io.netty.buffer.ByteBuf;
import jakarta.jms.BytesMessage;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageFormatException;
import org.apache.activemq.artemis.api.core.client.ClientMessage;
import org.apache.activemq.artemis.core.message.impl.CoreMessage;
import org.apache.activemq.command.ActiveMQBytesMessage;
import org.apache.activemq.command.ActiveMQMessage;
import org.apache.activemq.util.ByteSequence;
import org.apache.qpid.jms.message.JmsBytesMessage;
import org.apache.qpid.proton.amqp.Binary;

import java.nio.charset.StandardCharsets;

/**
 * Reads the two audit stamps ({@link AuditHeaders}) of a received message: from the start of the
 * body where {@link StampWriter} put them there ({@link BodyStamp}), else from the properties.
 * An Artemis CORE bytes message's stamps are read from its buffer ({@link #readCore}), a qpid-jms one's
 * from its body's array ({@link QpidBody}): through JMS both would wrap the body anew for each message.
 * An ActiveMQ message arrives with its properties still marshalled, and the first property getter unmarshals all of
 * them into a new map (about 1 µs and 1 KB per message, profiles showed): this reader finds the
 * two longs in the marshalled bytes instead, and falls back to the getters on anything it does
 * not expect. One reader per delivery thread; not thread-safe.
 */
public final class StampReader {

    private static final byte[] ID_KEY = AuditHeaders.ID.getBytes(StandardCharsets.UTF_8);
    private static final byte[] SENT_AT_KEY = AuditHeaders.SENT_AT.getBytes(StandardCharsets.UTF_8);
    // ActiveMQ's MarshallingSupport type codes
    private static final int NULL = 0;
    private static final int BOOLEAN = 1;
    private static final int BYTE = 2;
    private static final int CHAR = 3;
    private static final int SHORT = 4;
    private static final int INTEGER = 5;
    private static final int LONG = 6;
    private static final int DOUBLE = 7;
    private static final int FLOAT = 8;
    private static final int STRING = 9;
    private static final int BYTE_ARRAY = 10;

    private enum Scan { FOUND, ABSENT, UNKNOWN }

    private final byte[] head = new byte[BodyStamp.BYTES];
    private long id;
    private long sentAt;

    /** Reads {@code message}'s stamps; false when it carries none (no jmsbench publisher sent it). */
    public boolean read(Message message) throws JMSException {
        if (message instanceof ActiveMQBytesMessage bytes && !bytes.isCompressed()) {
            ByteSequence body = bytes.getContent();
            if (body != null && BodyStamp.present(body.getData(), body.getOffset(), body.getLength())) {
                id = BodyStamp.id(body.getData(), body.getOffset());
                sentAt = BodyStamp.sentAt(body.getData(), body.getOffset());
                return true;
            }
        }
        if (message instanceof org.apache.activemq.artemis.jms.client.ActiveMQBytesMessage core
                && readCore(core.getCoreMessage())) {
            return true;
        }
        if (message instanceof JmsBytesMessage qpid && readQpid(QpidBody.of(qpid))) {
            return true;
        }
        if (message instanceof BytesMessage bytes && !(message instanceof ActiveMQMessage)
                && bytes.getBodyLength() >= BodyStamp.BYTES) {
            bytes.reset();
            bytes.readBytes(head);
            bytes.reset();
            if (BodyStamp.present(head, 0, head.length)) {
                id = BodyStamp.id(head, 0);
                sentAt = BodyStamp.sentAt(head, 0);
                return true;
            }
        }
        if (message instanceof ActiveMQMessage activemq) {
            ByteSequence properties = activemq.getMarshalledProperties();
            if (properties != null) {
                Scan scan = scan(properties.getData(), properties.getOffset(), properties.getLength());
                if (scan != Scan.UNKNOWN) {
                    return scan == Scan.FOUND;
                }
            }
        }
        try {
            id = message.getLongProperty(AuditHeaders.ID);
            sentAt = message.getLongProperty(AuditHeaders.SENT_AT);
            return true;
        } catch (NumberFormatException | MessageFormatException e) {
            return false;
        }
    }

    /**
     * An Artemis CORE message's stamps, read from its buffer where the body starts: through JMS the
     * first read of the body decodes all of the message's properties and wraps the buffer anew.
     * False when the body is not where this expects it or holds no stamps: then JMS reads it.
     */
    boolean readCore(ClientMessage message) {
        if (!(message instanceof CoreMessage core) || message.isLargeMessage()) {
            return false;
        }
        ByteBuf buffer = core.getBuffer();
        int at = CoreMessage.BODY_OFFSET;
        if (buffer == null || message.getBodySize() < BodyStamp.BYTES || buffer.writerIndex() < at + BodyStamp.BYTES
                || buffer.getInt(at) != BodyStamp.MARKER) {
            return false;
        }
        id = buffer.getLong(at + 4);
        sentAt = buffer.getLong(at + 12);
        return true;
    }

    /** A qpid-jms message's stamps, read where its body is ({@link QpidBody}); false when they are not there. */
    private boolean readQpid(Binary body) {
        if (body == null || !BodyStamp.present(body.getArray(), body.getArrayOffset(), body.getLength())) {
            return false;
        }
        id = BodyStamp.id(body.getArray(), body.getArrayOffset());
        sentAt = BodyStamp.sentAt(body.getArray(), body.getArrayOffset());
        return true;
    }

    /** The {@link AuditHeaders#ID} of the message last read. */
    public long id() {
        return id;
    }

    /** The {@link AuditHeaders#SENT_AT} of the message last read. */
    public long sentAt() {
        return sentAt;
    }

    /** Walks the marshalled map: int count, then per entry a modified-UTF-8 key and a typed value. */
    private Scan scan(byte[] b, int offset, int length) {
        int end = offset + length;
        int p = offset;
        if (p + 4 > end) {
            return Scan.UNKNOWN;
        }
        int count = readInt(b, p);
        p += 4;
        boolean haveId = false;
        boolean haveSentAt = false;
        for (int i = 0; i < count; i++) {
            if (p + 2 > end) {
                return Scan.UNKNOWN;
            }
            int keyLength = ((b[p] & 0xFF) << 8) | (b[p + 1] & 0xFF);
            int key = p + 2;
            p = key + keyLength;
            if (p + 1 > end) {
                return Scan.UNKNOWN;
            }
            int type = b[p++];
            if (type == LONG && p + 8 <= end) {
                if (matches(b, key, keyLength, ID_KEY)) {
                    id = readLong(b, p);
                    haveId = true;
                } else if (matches(b, key, keyLength, SENT_AT_KEY)) {
                    sentAt = readLong(b, p);
                    haveSentAt = true;
                }
            }
            int size = switch (type) {
                case NULL -> 0;
                case BOOLEAN, BYTE -> 1;
                case CHAR, SHORT -> 2;
                case INTEGER, FLOAT -> 4;
                case LONG, DOUBLE -> 8;
                case STRING -> p + 2 <= end ? 2 + (((b[p] & 0xFF) << 8) | (b[p + 1] & 0xFF)) : -1;
                case BYTE_ARRAY -> p + 4 <= end ? 4 + readInt(b, p) : -1;
                default -> -1; // nested maps and lists, long strings: leave them to the provider
            };
            if (size < 0 || p + size > end) {
                return Scan.UNKNOWN;
            }
            p += size;
        }
        if (haveId && haveSentAt) {
            return Scan.FOUND;
        }
        return haveId || haveSentAt ? Scan.UNKNOWN : Scan.ABSENT;
    }

    private static boolean matches(byte[] b, int at, int length, byte[] key) {
        if (length != key.length) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if (b[at + i] != key[i]) {
                return false;
            }
        }
        return true;
    }

    private static int readInt(byte[] b, int p) {
        return ((b[p] & 0xFF) << 24) | ((b[p + 1] & 0xFF) << 16) | ((b[p + 2] & 0xFF) << 8) | (b[p + 3] & 0xFF);
    }

    private static long readLong(byte[] b, int p) {
        return ((long) readInt(b, p) << 32) | (readInt(b, p + 4) & 0xFFFFFFFFL);
    }
}
