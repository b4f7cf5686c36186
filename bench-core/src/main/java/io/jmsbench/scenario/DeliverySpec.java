package io.jmsbench.scenario;

public record DeliverySpec(boolean persistent, AckMode ack) {

    public enum AckMode {
        AUTO(jakarta.jms.Session.AUTO_ACKNOWLEDGE),
        DUPS_OK(jakarta.jms.Session.DUPS_OK_ACKNOWLEDGE),
        CLIENT(jakarta.jms.Session.CLIENT_ACKNOWLEDGE);

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
