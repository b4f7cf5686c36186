package io.jmsbench.broker;

import io.jmsbench.protocol.JvmFacts;

/**
 * What {@code jmsbench broker} prints as one JSON line and writes to its ready file: a URL per
 * protocol ({@code null} where the broker has no acceptor for it), which broker ({@code kind}, the
 * scenario's {@code embedded} name) and its version.
 */
public record BrokerUrls(String openwire, String amqp, String core, String kind, long pid, String version,
                         long memoryLimitMb, JvmFacts jvm) {
}
