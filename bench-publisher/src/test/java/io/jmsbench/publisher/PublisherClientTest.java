package io.jmsbench.publisher;

import io.jmsbench.protocol.ClientCount;
import io.jmsbench.protocol.ClientPlan;
import io.jmsbench.protocol.DeliveryPlan;
import io.jmsbench.protocol.DeliveryPlan.AckMode;
import io.jmsbench.protocol.DestinationPlan;
import io.jmsbench.protocol.DestinationPlan.DestinationType;
import io.jmsbench.protocol.MessagePlan;
import io.jmsbench.protocol.MessagePlan.MessageType;
import io.jmsbench.protocol.PoolPlan;
import io.jmsbench.protocol.Provider;
import io.jmsbench.protocol.PublisherFaults;
import io.jmsbench.protocol.VariantPlan;
import io.jmsbench.workload.AuditHeaders;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * What a thread-per-client publisher sends when a send or a commit fails, against a {@link FakeBroker}:
 * the stream of audit ids the broker took, each written as "sequence" or "sequence resent".
 */
@Timeout(30)
class PublisherClientTest {

    private static final String RUN = "20261128T090000Z";

    @Test
    void aSendThatFailedIsMadeAgainUnderItsNumberFlaggedAsAResend() throws Exception {
        FakeBroker broker = new FakeBroker().failSends(3);
        PublisherClient client = sendUntilTaken(broker, plan(0, null), 6);

        assertEquals(List.of("0", "1", "2", "3 resent", "4", "5"), stream(broker));
        ClientCount count = client.count();
        assertEquals(6, count.messages());
        assertEquals(1, count.errors());
    }

    @Test
    void aFailedCommitSendsTheWholeTransactionAgainEachMessageFlagged() throws Exception {
        FakeBroker broker = new FakeBroker().failCommits(1);
        PublisherClient client = sendUntilTaken(broker, plan(3, null), 9);

        assertEquals(List.of("0", "1", "2", "3 resent", "4 resent", "5 resent", "6", "7", "8"), stream(broker));
        assertEquals(1, broker.rollbacks, "what the session held of the failed transaction went");
        assertEquals(9, client.count().messages(), "counted once committed, each once");
        assertEquals(1, client.count().errors());
    }

    /** The test hook's commit in doubt: the broker committed, the publisher sends it again; a resend never fails. */
    @Test
    void aCommitTheTestHookReportsFailedIsSentAgainAndItsSecondCommitStands() throws Exception {
        FakeBroker broker = new FakeBroker();
        PublisherClient client = sendUntilTaken(broker, plan(2, new PublisherFaults(0, 0, 0, 2)), 8);

        assertEquals(List.of("0", "1", "2", "3", "2 resent", "3 resent", "4", "5"), stream(broker));
        assertEquals(6, client.count().messages());
        assertEquals(1, client.count().errors());
    }

    @Test
    void theTestHooksLoseAndDuplicateWhatTheyAreAskedTo() throws Exception {
        FakeBroker broker = new FakeBroker();
        PublisherClient client = sendUntilTaken(broker, plan(0, new PublisherFaults(3, 4, 0, 0)), 6);

        assertEquals(List.of("0", "1", "3", "3", "4", "6"), stream(broker), "2 and 5 lost, 3 sent twice");
        assertEquals(7, client.count().messages(), "a lost message counts as sent");
    }

    /** A client of {@code plan} that connects and sends on this thread until {@code broker} took {@code count}. */
    private static PublisherClient sendUntilTaken(FakeBroker broker, PoolPlan plan, int count) throws Exception {
        PublisherClient client = new PublisherClient("pub-0", "q", broker.factory(), plan, null);
        broker.whenTaken(count, client::requestStop);
        client.connect();
        client.run();
        return client;
    }

    /** A saturated, stamped publisher of 1 KiB bytes messages; transacted with {@code transactionSize} > 0. */
    static PoolPlan plan(int transactionSize, PublisherFaults faults) {
        return plan(Double.NaN, transactionSize, faults);
    }

    /** The same at {@code rate} msgs/s (NaN: saturated). */
    static PoolPlan plan(double rate, int transactionSize, PublisherFaults faults) {
        DeliveryPlan delivery = new DeliveryPlan(false, transactionSize > 0 ? AckMode.TRANSACTED : AckMode.AUTO, false,
                0, transactionSize, false);
        return new PoolPlan(RUN, Provider.OPENWIRE, "fake:", new DestinationPlan(DestinationType.QUEUE),
                new MessagePlan(MessageType.BYTES, 1024, 0, "#0", null, true), List.of(VariantPlan.PLAIN), delivery,
                rate, faults, List.of(new ClientPlan("pub-0", null, "q")), 0, null);
    }

    static List<String> stream(FakeBroker broker) {
        return broker.taken.stream().map(id -> {
            assertEquals(AuditHeaders.runTag(RUN), AuditHeaders.runTagOf(id));
            assertEquals(AuditHeaders.publisherIndex("pub-0"), AuditHeaders.publisherOf(id));
            return AuditHeaders.sequenceOf(id) + (AuditHeaders.resendOf(id) ? " resent" : "");
        }).toList();
    }
}
