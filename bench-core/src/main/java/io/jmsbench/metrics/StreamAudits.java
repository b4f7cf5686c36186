package io.jmsbench.metrics;

import io.jmsbench.protocol.ClientAudit.StreamState;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntFunction;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

/**
 * One subscriber's streams ({@link StreamAudit}s, or {@link StreamReceipts}), one per publisher index, grown as publishers are met:
 * written by the subscriber's delivery thread for every audited message, read by whoever serves
 * {@code /audit} (after the drain, but a late message may still arrive meanwhile).
 *
 * The hand-over is a sequence lock with one writer, so the writer never waits and executes no
 * atomic instruction: it makes {@code version} odd, records, and makes it even again (two ordered
 * plain stores on x86). The reader copies the streams' counts and keeps the copy only when the
 * version was even before and unchanged after it (the optimistic read of {@code StampedLock}); the
 * copy reads counts and fixed-size arrays only, never a gap map the writer may be rebalancing, so
 * a discarded copy did no harm.
 *
 * Why not a lock or HdrHistogram's {@code WriterReaderPhaser}: both cost two atomic read-modify-writes
 * per message, which a single writer need not pay (docs/performance.md, "The stream audit's hand-over").
 *
 * Receipts ({@link StreamReceipts}) are bitmaps, whose copy takes milliseconds at tens of millions of
 * messages: longer than the gap between two messages of a busy stream, so a reader's copy would be
 * torn again and again while a backlog drains. There the reader asks, and the writer takes the copy
 * itself after its next record, between two records (it reads one field per message to see whether
 * it was asked); a stream that is quiet meanwhile is copied by the reader, as above.
 */
public final class StreamAudits {

    private static final VarHandle VERSION;

    static {
        try {
            VERSION = MethodHandles.lookup().findVarHandle(StreamAudits.class, "version", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static final long IDLE_NANOS = 1_000_000L;
    private static final long POLL_NANOS = 20_000L;

    /** How long {@link #states} retries while the writer keeps recording before it gives up. */
    static final long READ_PATIENCE_NANOS = 1_000_000_000L;

    /** By publisher index; replaced (grown) and filled by the writer only, inside a version bump. */
    private ReceivedStream[] streams = new ReceivedStream[0];
    /** How each stream is audited: alone (gaps as ranges) or by its receipts. */
    private final Supplier<ReceivedStream> kind;

    /** Streams each audited alone ({@link StreamAudit}). */
    public StreamAudits() {
        this(StreamAudit::new, false);
    }

    /** Whether a reader asks the writer for its copy ({@link StreamReceipts}, too long to copy between two records). */
    private final boolean copiedByWriter;
    /** The copies readers asked the writer for, counted; only a reader (one at a time) changes it. */
    private volatile long requested;
    /** The request the writer served last: the writer's own. */
    private long servedRequest;
    /** The writer's copy for a request. */
    private volatile Served served;
    /** One reader at a time; the writer never takes it. */
    private final Object readers = new Object();

    private record Served(long request, List<StreamState> copy) {
    }

    private StreamAudits(Supplier<ReceivedStream> kind, boolean copiedByWriter) {
        this.kind = kind;
        this.copiedByWriter = copiedByWriter;
    }

    /**
     * Streams audited by their receipts ({@link StreamReceipts}), with {@code groups} message groups
     * (0: none). A copy of their bitmaps is longer than one of counts, so {@link #states} is called
     * once the messages slow down (the drain) rather than while they pour in.
     */
    public static StreamAudits receipts(int groups) {
        return new StreamAudits(() -> new StreamReceipts(groups), true);
    }
    /** Even between records, odd during one; only the writer changes it. */
    private long version;

    /**
     * Records {@code sequence} of publisher {@code publisher}'s stream. The one delivery thread only:
     * two writers would corrupt both the streams and the version.
     */
    public void record(int publisher, long sequence, boolean redelivery) {
        record(publisher, sequence, redelivery, false);
    }

    /** As {@link #record(int, long, boolean)}, of a send the publisher made again after one that failed. */
    public void record(int publisher, long sequence, boolean redelivery, boolean resend) {
        long v = version;
        VERSION.setOpaque(this, v + 1);
        VarHandle.releaseFence(); // the odd version is visible before any write below
        try {
            ReceivedStream[] s = streams;
            if (publisher >= s.length) {
                s = Arrays.copyOf(s, Math.max(publisher + 1, s.length * 2));
                streams = s;
            }
            ReceivedStream stream = s[publisher];
            if (stream == null) {
                stream = kind.get();
                s[publisher] = stream;
            }
            stream.record(sequence, redelivery, resend);
        } finally {
            VERSION.setRelease(this, v + 2); // every write above is visible before the even version
        }
        if (requested != servedRequest) {
            serve();
        }
    }

    /** The writer's copy, between two records: whole, whatever its length. */
    private void serve() {
        long request = requested;
        List<StreamState> copy = copy();
        if (copy != null) {
            servedRequest = request;
            served = new Served(request, copy);
        }
    }

    /**
     * Every stream's state as of one moment between two records, named by {@code publisherName}
     * (from the index), in index order. Any thread. Retries while a record is under way; throws
     * {@link IllegalStateException} if none of its copies held for {@link #READ_PATIENCE_NANOS}
     * (a writer recording without a pause for a whole second, which no JMS delivery thread does).
     */
    public List<StreamState> states(IntFunction<String> publisherName) {
        synchronized (readers) {
            List<StreamState> copy = copiedByWriter ? askTheWriter() : optimistic();
            return named(copy, publisherName);
        }
    }

    /** A copy taken while no record was under way, retried until one is. */
    private List<StreamState> optimistic() {
        long deadline = System.nanoTime() + READ_PATIENCE_NANOS;
        int attempts = 0;
        while (true) {
            attempts++;
            List<StreamState> copy = tryCopy();
            if (copy != null) {
                return copy;
            }
            giveUpAfter(deadline, attempts);
            Thread.onSpinWait();
        }
    }

    /**
     * The writer's copy, taken after its next record; or, while it records nothing for a millisecond
     * (a quiet stream, which may never give it a next record), the reader's own.
     */
    private List<StreamState> askTheWriter() {
        long request = requested + 1;
        requested = request;
        long deadline = System.nanoTime() + READ_PATIENCE_NANOS;
        long seen = (long) VERSION.getAcquire(this);
        long changed = System.nanoTime();
        int attempts = 0;
        while (true) {
            Served s = served;
            if (s != null && s.request() == request) {
                return s.copy();
            }
            long v = (long) VERSION.getAcquire(this);
            long now = System.nanoTime();
            if (v != seen) {
                seen = v;
                changed = now;
            } else if (now - changed >= IDLE_NANOS) {
                attempts++;
                List<StreamState> copy = tryCopy();
                if (copy != null) {
                    return copy;
                }
                changed = System.nanoTime();
            }
            giveUpAfter(deadline, attempts);
            LockSupport.parkNanos(POLL_NANOS);
        }
    }

    /** One copy, kept only if the version was even before and unchanged after it; else null. */
    private List<StreamState> tryCopy() {
        long before = (long) VERSION.getAcquire(this);
        if ((before & 1) != 0) {
            return null;
        }
        List<StreamState> copy = copy();
        VarHandle.acquireFence(); // the copy's reads are done before the version is read again
        return copy != null && (long) VERSION.getOpaque(this) == before ? copy : null;
    }

    private static void giveUpAfter(long deadline, int attempts) {
        if (System.nanoTime() - deadline > 0) {
            throw new IllegalStateException("the stream audit changed during each of " + attempts
                    + " copies in " + READ_PATIENCE_NANOS / 1_000_000 + " ms");
        }
    }

    /**
     * The streams' counts, unnamed: only what the writer writes is read inside the version check;
     * the names (string building, the slowest part) are given after it, so a copy is short enough
     * to slip between two records even while messages keep arriving. {@code null}: torn (a bitmap
     * read while the writer changed it threw), to be discarded like a copy whose version changed.
     */
    private List<StreamState> copy() {
        ReceivedStream[] s = streams;
        List<StreamState> states = new ArrayList<>(s.length);
        try {
            for (ReceivedStream stream : s) {
                states.add(stream == null ? null : stream.state(null));
            }
        } catch (RuntimeException torn) {
            return null;
        }
        return states;
    }

    private static List<StreamState> named(List<StreamState> copy, IntFunction<String> publisherName) {
        List<StreamState> states = new ArrayList<>();
        for (int p = 0; p < copy.size(); p++) {
            StreamState c = copy.get(p);
            if (c != null) {
                states.add(c.named(publisherName.apply(p)));
            }
        }
        return states;
    }
}
