package io.jmsbench.scenario;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;

import java.time.Duration;

/**
 * The JMS headers and properties a user sets on each message, beyond its body and application
 * properties ({@code null}: not set, the provider's default): {@code timeToLive} (JMSExpiration),
 * {@code priority} (JMSPriority, 0 to 9: one value or a mix drawn round robin from a table),
 * {@code groups} (how many JMSXGroupID values the messages go to, round robin by sequence number)
 * and {@code deliveryDelay} (JMS 2's delivery delay, or ActiveMQ Classic's scheduled delay over
 * OpenWire). Read by {@code read.MessageHeaderReader}, which refuses what a broker or provider would
 * ignore without saying so.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record MessageHeaders(Duration timeToLive, Distribution priority, Integer groups, Duration deliveryDelay) {

    public static final MessageHeaders NONE = new MessageHeaders(null, null, null, null);

    /** Whether any is set. */
    @JsonIgnore
    public boolean any() {
        return timeToLive != null || priority != null || groups != null || deliveryDelay != null;
    }
}
