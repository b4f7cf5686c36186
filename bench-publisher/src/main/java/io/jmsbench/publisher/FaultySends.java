package io.jmsbench.publisher;

import io.jmsbench.protocol.PublisherFaults;
import jakarta.jms.JMSException;
import jakarta.jms.Message;

/**
 * The test hooks' faults ({@link PublisherFaults}) around a {@link SendStep}, so tests can prove the
 * audit counts what a publisher loses, duplicates or sends again: the {@code dropEvery}-th message
 * is never sent (yet counted as sent), the {@code repeatEvery}-th is sent twice under one number,
 * the {@code failAfterSendEvery}-th send is reported failed after the broker took it (a send in
 * doubt), and the {@code failAfterCommitEvery}-th commit after the broker committed (a commit in
 * doubt). Counted by message number from 1; a resend or a commit sent again never fails here.
 */
final class FaultySends implements SendStep {

    private final SendStep step;
    private final PublisherFaults faults;
    private long commits;

    FaultySends(SendStep step, PublisherFaults faults) {
        this.step = step;
        this.faults = faults;
    }

    /** Whether {@code faults} asks for any ({@code null}: none). */
    static boolean asked(PublisherFaults faults) {
        return faults != null && (faults.dropEvery() > 0 || faults.repeatEvery() > 0
                || faults.failAfterSendEvery() > 0 || faults.failAfterCommitEvery() > 0);
    }

    @Override
    public void send(Message message, long sequence, boolean resend) throws JMSException {
        if (hits(faults.dropEvery(), sequence)) {
            return;
        }
        step.send(message, sequence, resend);
        if (hits(faults.repeatEvery(), sequence)) {
            step.send(message, sequence, resend);
        }
        if (!resend && hits(faults.failAfterSendEvery(), sequence)) {
            throw new JMSException("test hook: the send of " + sequence + " reported failed after the broker took it");
        }
    }

    @Override
    public void commit(boolean firstTry) throws JMSException {
        step.commit(firstTry);
        if (firstTry && faults.failAfterCommitEvery() > 0 && ++commits % faults.failAfterCommitEvery() == 0) {
            throw new JMSException("test hook: commit " + commits + " reported failed after the broker committed");
        }
    }

    private static boolean hits(int every, long sequence) {
        return every > 0 && (sequence + 1) % every == 0;
    }
}
