package io.jmsbench.subscriber;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(10)
class UnacknowledgedTest {

    @Test
    void withoutALostConnectionNothingIsExpectedAgain() {
        Unacknowledged u = new Unacknowledged(3);
        for (long id = 0; id < 3; id++) {
            assertFalse(u.consumed(id));
        }
        u.acknowledged();
        assertFalse(u.consumed(1), "acknowledged before: a second copy is a duplicate");
        assertFalse(u.consumed(4));
        assertFalse(u.consumed(4), "pending, but no connection was lost: a duplicate");
    }

    /** ActiveMQ after a kill: 9 of 10 consumed, the connection lost, all 9 delivered again. */
    @Test
    void whatWasPendingWhenTheConnectionWasLostMayComeAgainAcrossTheNextAcknowledgement() {
        Unacknowledged u = new Unacknowledged(10);
        for (long id = 0; id < 10; id++) {
            u.consumed(id);
        }
        u.acknowledged();
        for (long id = 10; id < 19; id++) {
            u.consumed(id);
        }
        u.interrupted();
        assertTrue(u.consumed(10), "the first of the 9 again: its pending count reaches 10");
        u.acknowledged(); // on the new connection: it need not cover the copies of the old one
        for (long id = 11; id < 19; id++) {
            assertTrue(u.consumed(id), "message " + id + " again");
        }
        assertFalse(u.consumed(19));
        assertFalse(u.consumed(12), "a third copy, after it came again once: a duplicate");
        assertFalse(u.consumed(5), "acknowledged before the loss: a duplicate");
    }

    @Test
    void aLossAfterTheLastAcknowledgementWithNothingPendingExpectsNothing() {
        Unacknowledged u = new Unacknowledged(2);
        u.consumed(0);
        u.consumed(1);
        u.acknowledged();
        u.interrupted();
        assertFalse(u.consumed(0));
        assertFalse(u.consumed(1));
    }

    /**
     * ActiveMQ after a kill, transacted: 4 of 10 consumed, the connection lost, the other 6 consumed
     * from the client's buffer, the commit rolled back by failover; all 10 come again, unflagged.
     */
    @Test
    void aFailedCommitExpectsTheWholeTransactionAgainAlsoWhatWasConsumedAfterTheLoss() {
        Unacknowledged u = new Unacknowledged(10);
        for (long id = 0; id < 4; id++) {
            u.consumed(id);
        }
        u.interrupted();
        for (long id = 4; id < 10; id++) {
            assertFalse(u.consumed(id), "first copy of " + id);
        }
        u.failed();
        for (long id = 0; id < 10; id++) {
            assertTrue(u.consumed(id), "message " + id + " again after the rolled-back commit");
        }
        u.acknowledged();
        assertFalse(u.consumed(7), "a third copy, after the committed second: a duplicate");
    }

    @Test
    void aFailedAcknowledgementWithoutALossStillExpectsItsMessagesAgain() {
        Unacknowledged u = new Unacknowledged(3);
        u.consumed(0);
        u.consumed(1);
        u.failed();
        assertTrue(u.consumed(0));
        assertTrue(u.consumed(1));
        assertFalse(u.consumed(2));
    }
}
