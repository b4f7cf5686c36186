package io.jmsbench.scenario;

/**
 * How messages are sent and consumed: delivery mode, durable topic subscriptions, the consumers'
 * acknowledgement mode ({@code client} acknowledges every {@code ackEvery} messages,
 * {@code transacted} commits every {@code transactionSize} messages on both sides), and whether
 * persistent sends are asynchronous (OpenWire {@code useAsyncSend}, Qpid JMS {@code forceAsyncSend}).
 */
public record DeliverySpec(boolean persistent, AckMode ack, boolean durable, int ackEvery, int transactionSize,
                           boolean asyncSend) {

    public DeliverySpec(boolean persistent, AckMode ack) {
        this(persistent, ack, Defaults.DURABLE, Defaults.ACK_EVERY, Defaults.TRANSACTION_SIZE, Defaults.ASYNC_SEND);
    }

    public boolean transacted() {
        return ack == AckMode.TRANSACTED;
    }

    public enum AckMode {
        AUTO(jakarta.jms.Session.AUTO_ACKNOWLEDGE),
        DUPS_OK(jakarta.jms.Session.DUPS_OK_ACKNOWLEDGE),
        CLIENT(jakarta.jms.Session.CLIENT_ACKNOWLEDGE),
        TRANSACTED(jakarta.jms.Session.SESSION_TRANSACTED);

        private final int sessionMode;

        AckMode(int sessionMode) {
            this.sessionMode = sessionMode;
        }

        public int sessionMode() {
            return sessionMode;
        }

        @com.fasterxml.jackson.annotation.JsonValue
        public String yamlName() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }
}
