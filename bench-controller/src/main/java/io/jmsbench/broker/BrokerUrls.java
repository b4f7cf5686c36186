package io.jmsbench.broker;

import io.jmsbench.protocol.JvmFacts;

/** What {@code jmsbench broker} prints as one JSON line and writes to its ready file. */
public record BrokerUrls(String openwire, String amqp, long pid, String version, long memoryLimitMb, JvmFacts jvm) {
}
