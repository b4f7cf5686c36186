package io.jmsbench.broker;

import io.jmsbench.protocol.JvmFacts;

/**
 * What {@code jmsbench broker} prints as one JSON line and writes to its ready file: a URL per
 * protocol ({@code null} where the broker has no acceptor for it), which broker ({@code kind}, the
 * scenario's {@code embedded} name) and its version; a managed broker's {@link BrokerStatusServer}
 * ({@code status}), whose {@code statusToken} only the ready file carries.
 */
public record BrokerUrls(String openwire, String amqp, String core, String kind, long pid, String version,
                         long memoryLimitMb, JvmFacts jvm, String status, String statusToken) {

    /** These URLs without the status server's token, as printed on stdout (which goes to the broker's log). */
    public BrokerUrls withoutToken() {
        return new BrokerUrls(openwire, amqp, core, kind, pid, version, memoryLimitMb, jvm, status, null);
    }
}
