package io.jmsbench.broker.management;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BoundedReadTest {

    @Test
    void aReadingThatNeverAnswersIsGivenUpAfterItsBoundAndItsThreadInterrupted() throws Exception {
        CountDownLatch interrupted = new CountDownLatch(1);
        ManagementUnavailable e = assertThrows(ManagementUnavailable.class, () -> BoundedRead.within(
                Duration.ofSeconds(1), "test-read", "the test's interface", () -> {
                    try {
                        new CountDownLatch(1).await();
                    } catch (InterruptedException stop) {
                        interrupted.countDown();
                    }
                    return null;
                }, cause -> new ManagementUnavailable("unexpected")));
        assertEquals("the test's interface did not answer within 1 s", e.getMessage());
        assertTrue(interrupted.await(5, TimeUnit.SECONDS), "the reader's thread was interrupted");
    }

    @Test
    void whatTheReadingThrewBecomesTheCallersSentence() {
        ManagementUnavailable e = assertThrows(ManagementUnavailable.class, () -> BoundedRead.within(
                Duration.ofSeconds(5), "test-read", "x", () -> {
                    throw new IOException("connection refused");
                }, cause -> new ManagementUnavailable("could not be read (" + cause.getMessage() + ")")));
        assertEquals("could not be read (connection refused)", e.getMessage());
    }
}
