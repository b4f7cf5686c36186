package io.jmsbench.subscriber;

import io.jmsbench.jms.StampWriter;
import io.jmsbench.metrics.EpochClock;
import io.jmsbench.protocol.ClientAudit;
import io.jmsbench.protocol.ClientAudit.StreamState;
import io.jmsbench.protocol.ClientPlan;
import io.jmsbench.protocol.DeliveryPlan;
import io.jmsbench.protocol.DeliveryPlan.AckMode;
import io.jmsbench.protocol.DestinationPlan;
import io.jmsbench.protocol.DestinationPlan.DestinationType;
import io.jmsbench.protocol.MessagePlan;
import io.jmsbench.protocol.MessagePlan.MessageType;
import io.jmsbench.protocol.PoolPlan;
import io.jmsbench.protocol.Provider;
import io.jmsbench.protocol.VariantPlan;
import io.jmsbench.scenario.MessageSpec;
import io.jmsbench.workload.AuditHeaders;
import io.jmsbench.workload.MessageTemplate;
import io.jmsbench.workload.MessageVariant;
import jakarta.jms.JMSException;
import org.apache.activemq.command.ActiveMQBytesMessage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What an auditing subscriber makes of messages that come again, delivered by a test through a
 * {@link FakeSession}'s listener: stamped by {@link StampWriter} as publisher pub-0's would be.
 */
@Timeout(30)
class CountingSubscriberTest {

    private static final String RUN = "20261128T090000Z";

    @Test
    void aSecondCopyNothingExplainsIsADuplicate() throws Exception {
        FakeSession fake = new FakeSession();
        CountingSubscriber subscriber = connected(fake, AckMode.AUTO, 0);

        deliver(fake, 0, 1, 2);
        deliver(fake, 1);

        StreamState stream = stream(subscriber);
        assertEquals(4, stream.received());
        assertEquals(1, stream.duplicates());
        assertEquals(List.of(1L), stream.duplicateSeqs());
        assertEquals(0, subscriber.audit().redelivered());
    }

    @Test
    void aMessageTheBrokerFlagsRedeliveredIsARedeliveryNotADuplicate() throws Exception {
        FakeSession fake = new FakeSession();
        CountingSubscriber subscriber = connected(fake, AckMode.AUTO, 0);

        deliver(fake, 0, 1, 2);
        ActiveMQBytesMessage again = stamped(1);
        again.setJMSRedelivered(true);
        fake.listener().onMessage(again);

        StreamState stream = stream(subscriber);
        assertEquals(4, stream.received());
        assertEquals(0, stream.duplicates());
        assertEquals(1, stream.copies());
        assertEquals(1, stream.redelivered());
        assertEquals(1, subscriber.audit().redelivered());
    }

    /** A failed commit rolled the transaction back: the broker may deliver it again without the redelivered flag. */
    @Test
    void afterAFailedCommitTheTransactionComesAgainUnflaggedAndIsNoDuplicate() throws Exception {
        FakeSession fake = new FakeSession().failCommits(0);
        CountingSubscriber subscriber = connected(fake, AckMode.TRANSACTED, 2);

        deliver(fake, 0, 1);
        deliver(fake, 0, 1, 2, 3);

        assertEquals(3, fake.commits);
        StreamState stream = stream(subscriber);
        assertEquals(6, stream.received());
        assertEquals(0, stream.duplicates());
        assertEquals(2, stream.redelivered());
        assertEquals(3, stream.highest());
        assertEquals(1, subscriber.count().errors(), "the failed commit");
        assertEquals(6, subscriber.count().messages());
    }

    private static CountingSubscriber connected(FakeSession fake, AckMode ack, int transactionSize)
            throws JMSException {
        PoolPlan plan = new PoolPlan(RUN, Provider.OPENWIRE, "fake:", new DestinationPlan(DestinationType.QUEUE),
                new MessagePlan(MessageType.BYTES, 1024, 0, "#0", null, true), List.of(VariantPlan.PLAIN),
                new DeliveryPlan(false, ack, false, 0, transactionSize, false), Double.NaN, null,
                List.of(new ClientPlan("sub-0", null, "q", true)), 0, null);
        CountingSubscriber subscriber = new CountingSubscriber(plan.clients().get(0), fake.factory(), plan);
        subscriber.connect();
        assertTrue(fake.started, "the connection was started");
        return subscriber;
    }

    private static void deliver(FakeSession fake, long... sequences) throws JMSException {
        for (long sequence : sequences) {
            fake.listener().onMessage(stamped(sequence));
        }
    }

    /** Message {@code sequence} of publisher pub-0, as it leaves the publisher. */
    private static ActiveMQBytesMessage stamped(long sequence) throws JMSException {
        ActiveMQBytesMessage message = new ActiveMQBytesMessage();
        MessageTemplate.fill(message, MessageSpec.builder().type(MessageSpec.MessageType.BYTES).size(1024).properties(0).values("#0").build(),
                MessageVariant.PLAIN);
        StampWriter.forMessage(message).stamp(AuditHeaders.id(AuditHeaders.runTag(RUN),
                AuditHeaders.publisherIndex("pub-0"), sequence, false), EpochClock.nanos());
        return message;
    }

    private static StreamState stream(CountingSubscriber subscriber) {
        ClientAudit audit = subscriber.audit();
        assertEquals(1, audit.streams().size());
        assertEquals(0, audit.unexpected());
        return audit.streams().get(0);
    }
}
