package io.jmsbench.publisher;

import io.jmsbench.protocol.PublisherFaults;
import io.jmsbench.rate.RateDial;
import jakarta.jms.JMSException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The scheduled publisher sends the message cycle a thread-per-client one sends, driven as its pool drives it. */
@Timeout(30)
class ScheduledPublisherTest {

    @Test
    void aSendThatFailedIsMadeAgainAtTheNextTryUnderItsNumberFlaggedAsAResend() throws Exception {
        FakeBroker broker = new FakeBroker().failSends(1);
        ScheduledPublisher publisher = connected(broker, null);

        fire(publisher, 4);

        assertEquals(List.of("0", "1 resent", "2"), PublisherClientTest.stream(broker));
        assertEquals(3, publisher.count().messages());
        assertEquals(1, publisher.count().errors());
    }

    @Test
    void eachMessageIsDueOneIntervalAfterTheLast() throws Exception {
        FakeBroker broker = new FakeBroker();
        ScheduledPublisher publisher = connected(broker, null);
        long start = System.nanoTime();

        assertEquals(start, publisher.dueNanos(start), "the only client of its pool starts at once");
        publisher.send(publisher.dueNanos(start));
        assertEquals(start + 1_000_000, publisher.dueNanos(start), "1,000 msgs/s");
    }

    @Test
    void onSharedConnectionsItFollowsTheClosedLoopsDial() throws Exception {
        RateDial dial = new RateDial(1000);
        SharedConnections connections = new SharedConnections(new FakeBroker().factory(), 1, 0);
        ScheduledPublisher publisher = new ScheduledPublisher("pub-0", "q", PublisherClientTest.plan(1000, 0, null),
                connections, 0, 0, 0, 1, dial);
        publisher.connect();
        long start = System.nanoTime();
        publisher.started(start);
        publisher.send(publisher.dueNanos(start)); // message 0, at 1,000 msgs/s as the plan and the dial start

        dial.set(250, start); // the loop turns it down before the next message is due
        assertEquals(start + 4_000_000, publisher.dueNanos(start), "one new interval after the last: 250 msgs/s");
        publisher.send(publisher.dueNanos(start));
        assertEquals(start + 8_000_000, publisher.dueNanos(start));
    }

    @Test
    void theTestHooksApplyToItToo() throws Exception {
        FakeBroker broker = new FakeBroker();
        ScheduledPublisher publisher = connected(broker, new PublisherFaults(2, 0, 0, 0));

        fire(publisher, 4);

        assertEquals(List.of("0", "2"), PublisherClientTest.stream(broker), "every second message lost");
        assertEquals(4, publisher.count().messages());
    }

    private static ScheduledPublisher connected(FakeBroker broker, PublisherFaults faults) throws JMSException {
        SharedConnections connections = new SharedConnections(broker.factory(), 1, 0);
        ScheduledPublisher publisher = new ScheduledPublisher("pub-0", "q", PublisherClientTest.plan(1000, 0, faults),
                connections, 0, 0, 0, 1);
        publisher.connect();
        return publisher;
    }

    /** {@code tries} sends as the pool makes them: a failed one is counted and made again next. */
    private static void fire(ScheduledPublisher publisher, int tries) {
        long start = System.nanoTime();
        for (int i = 0; i < tries; i++) {
            try {
                publisher.send(publisher.dueNanos(start));
            } catch (JMSException e) {
                publisher.failed(e);
            }
        }
    }
}
