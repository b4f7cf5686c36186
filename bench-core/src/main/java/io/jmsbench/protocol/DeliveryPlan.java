package io.jmsbench.protocol;

import com.fasterxml.jackson.annotation.JsonValue;

import java.util.Locale;

/**
 * How messages are sent and consumed: delivery mode, durable topic subscriptions, the consumers'
 * acknowledgement mode ({@code client} acknowledges every {@code ackEvery} messages,
 * {@code transacted} commits every {@code transactionSize} messages on both sides), and whether
 * persistent sends are asynchronous (OpenWire {@code useAsyncSend}, Qpid JMS {@code forceAsyncSend}).
 */
public record DeliveryPlan(boolean persistent, AckMode ack, boolean durable, int ackEvery, int transactionSize,
                           boolean asyncSend) {

    public boolean transacted() {
        return ack == AckMode.TRANSACTED;
    }

    public enum AckMode {
        AUTO, DUPS_OK, CLIENT, TRANSACTED;

        @JsonValue
        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }
}
