package io.jmsbench.scenario;

import java.time.Duration;

/**
 * The embedded broker's configuration under test ({@code null}: ActiveMQ's own default, except the
 * memory limit, which jmsbench bounds so that a saturated run reaches a steady state):
 * memory, store and temp limits, KahaDB journal syncs, preallocation strategy and file length, the
 * data directory (to test a given disk), producer flow control and the send-fail policy.
 */
public record BrokerTuning(long memoryLimitMb, Long storeLimitMb, Long tempLimitMb, Boolean journalDiskSyncs,
                           PreallocationStrategy preallocationStrategy, Integer journalMaxFileLengthMb,
                           String dataDirectory, boolean producerFlowControl, boolean sendFailIfNoSpace,
                           Duration sendFailIfNoSpaceAfterTimeout) {

    public static final BrokerTuning DEFAULT = new BrokerTuning(Defaults.BROKER_MEMORY_LIMIT_MB, null, null, null, null,
            null, null, Defaults.PRODUCER_FLOW_CONTROL, Defaults.SEND_FAIL_IF_NO_SPACE, null);

    /** KahaDB journal preallocation (reference/001). */
    public enum PreallocationStrategy {
        SPARSE_FILE, OS_KERNEL_COPY, ZEROS, CHUNKED_ZEROS;

        @com.fasterxml.jackson.annotation.JsonValue
        public String yamlName() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }
}
