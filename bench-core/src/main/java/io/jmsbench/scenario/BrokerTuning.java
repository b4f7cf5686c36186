package io.jmsbench.scenario;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonValue;

import java.time.Duration;
import java.util.Locale;

/**
 * The embedded broker's configuration under test ({@code null}: the broker's own default, except the
 * memory limit, which jmsbench bounds so that a saturated run reaches a steady state).
 * For ActiveMQ Classic: memory, store and temp limits, KahaDB journal syncs, preallocation strategy
 * and file length, producer flow control and the send-fail policy. For Artemis: the memory limit as
 * its global-max-size, journal syncs and file size, and {@code addressFullPolicy}. Both: the data
 * directory (to test a given disk). The scenario reader refuses a knob of the other broker.
 * {@code schedulerSupport}: ActiveMQ's scheduler, on only where the scenario's messages carry a
 * delivery delay (not a knob of its own: Artemis schedules always).
 */
public record BrokerTuning(long memoryLimitMb, Long storeLimitMb, Long tempLimitMb, Boolean journalDiskSyncs,
                           PreallocationStrategy preallocationStrategy, Integer journalMaxFileLengthMb,
                           String dataDirectory, boolean producerFlowControl, boolean sendFailIfNoSpace,
                           Duration sendFailIfNoSpaceAfterTimeout, AddressFullPolicy addressFullPolicy,
                           @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean schedulerSupport) {

    public static final BrokerTuning DEFAULT = new BrokerTuning(Defaults.BROKER_MEMORY_LIMIT_MB, null, null, null, null,
            null, null, Defaults.PRODUCER_FLOW_CONTROL, Defaults.SEND_FAIL_IF_NO_SPACE, null, null, false);

    /** This tuning with another memory limit. */
    public BrokerTuning withMemoryLimitMb(long mb) {
        return new BrokerTuning(mb, storeLimitMb, tempLimitMb, journalDiskSyncs, preallocationStrategy,
                journalMaxFileLengthMb, dataDirectory, producerFlowControl, sendFailIfNoSpace,
                sendFailIfNoSpaceAfterTimeout, addressFullPolicy, schedulerSupport);
    }

    /** This tuning with ActiveMQ's scheduler on or off. */
    public BrokerTuning withSchedulerSupport(boolean on) {
        return new BrokerTuning(memoryLimitMb, storeLimitMb, tempLimitMb, journalDiskSyncs, preallocationStrategy,
                journalMaxFileLengthMb, dataDirectory, producerFlowControl, sendFailIfNoSpace,
                sendFailIfNoSpaceAfterTimeout, addressFullPolicy, on);
    }

    /** KahaDB journal preallocation (reference/001). */
    public enum PreallocationStrategy {
        SPARSE_FILE, OS_KERNEL_COPY, ZEROS, CHUNKED_ZEROS;

        @JsonValue
        public String yamlName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** What Artemis does with a send once its memory limit is reached. */
    public enum AddressFullPolicy {
        /** Hold producers back until consumers make room: ActiveMQ's producer flow control. */
        BLOCK,
        /** Keep accepting, writing the overflow to page files on disk. */
        PAGE,
        /** Refuse the send: the publisher counts a send error. */
        FAIL;

        @JsonValue
        public String yamlName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }
}
