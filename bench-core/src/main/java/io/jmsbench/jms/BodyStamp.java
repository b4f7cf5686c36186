package io.jmsbench.jms;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The audit stamps at the start of a bytes message's body: a 4-byte marker ("JMSB"), the
 * message's id and its send time, big-endian, {@link #BYTES} bytes in all; the rest of the body
 * is the scenario's payload. The marker keeps a foreign message's body from being read as stamps
 * (the id's run tag is checked after it).
 */
final class BodyStamp {

    static final int BYTES = 4 + Long.BYTES + Long.BYTES;
    static final int MARKER = 0x4A4D5342;
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private BodyStamp() {
    }

    static void write(byte[] body, long id, long sentAt) {
        write(body, 0, id, sentAt);
    }

    static void write(byte[] body, int offset, long id, long sentAt) {
        INT.set(body, offset, MARKER);
        LONG.set(body, offset + 4, id);
        LONG.set(body, offset + 12, sentAt);
    }

    /** Whether {@code length} bytes at {@code offset} start with stamps. */
    static boolean present(byte[] body, int offset, int length) {
        return length >= BYTES && (int) INT.get(body, offset) == MARKER;
    }

    static long id(byte[] body, int offset) {
        return (long) LONG.get(body, offset + 4);
    }

    static long sentAt(byte[] body, int offset) {
        return (long) LONG.get(body, offset + 12);
    }
}
