package io.jmsbench.scenario;

import com.fasterxml.jackson.annotation.JsonValue;
import jakarta.jms.Session;

import java.util.Locale;

/**
 * How messages are sent and consumed: delivery mode, durable topic subscriptions, the consumers'
 * acknowledgement mode ({@code client} acknowledges every {@code ackEvery} messages,
 * {@code transacted} commits every {@code transactionSize} messages on both sides), and whether
 * persistent sends are asynchronous (OpenWire {@code useAsyncSend}, Qpid JMS {@code forceAsyncSend}).
 */
public record DeliverySpec(boolean persistent, AckMode ack, boolean durable, int ackEvery, int transactionSize,
                           boolean asyncSend) {

    public boolean transacted() {
        return ack == AckMode.TRANSACTED;
    }

    public enum AckMode {
        AUTO(Session.AUTO_ACKNOWLEDGE),
        DUPS_OK(Session.DUPS_OK_ACKNOWLEDGE),
        CLIENT(Session.CLIENT_ACKNOWLEDGE),
        TRANSACTED(Session.SESSION_TRANSACTED);

        private final int sessionMode;

        AckMode(int sessionMode) {
            this.sessionMode = sessionMode;
        }

        public int sessionMode() {
            return sessionMode;
        }

        @JsonValue
        public String yamlName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }
}
