package io.jmsbench.broker.management;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(30)
class DepthSamplerTest {

    /** A management interface whose every read takes 300 ms, and which notes being interrupted. */
    private static final class SlowInterface implements BrokerManagementClient {
        final CountDownLatch reading = new CountDownLatch(1);
        volatile boolean interrupted;
        volatile int finished;

        @Override
        public String source() {
            return "a slow interface";
        }

        @Override
        public BrokerReading read() throws InterruptedException {
            reading.countDown();
            try {
                Thread.sleep(300);
            } catch (InterruptedException e) {
                interrupted = true;
                throw e;
            }
            finished++;
            return new BrokerReading(10, 3, 3, 0, 0, 7, List.of(), List.of());
        }
    }

    @Test
    void closingLetsAReadUnderWayEndRatherThanInterruptIt() throws Exception {
        SlowInterface slow = new SlowInterface();
        DepthSampler sampler = DepthSampler.start(slow);
        assertTrue(slow.reading.await(10, TimeUnit.SECONDS));

        sampler.close();

        // an interrupted Artemis core client logs AMQ212064 and its stack trace on the run's console
        assertFalse(slow.interrupted, "the read under way was interrupted");
        assertEquals(1, slow.finished);
        assertEquals(7, sampler.getAsLong());
    }

    @Test
    void closingBetweenReadsEndsTheWaitAtOnce() throws Exception {
        SlowInterface slow = new SlowInterface();
        DepthSampler sampler = DepthSampler.start(slow);
        assertTrue(slow.reading.await(10, TimeUnit.SECONDS));
        Thread.sleep(500); // the first read done, the sampler waiting for its next period

        long started = System.nanoTime();
        sampler.close();

        assertTrue(System.nanoTime() - started < TimeUnit.SECONDS.toNanos(1), "close waited out the period");
        assertEquals(1, slow.finished);
    }
}
