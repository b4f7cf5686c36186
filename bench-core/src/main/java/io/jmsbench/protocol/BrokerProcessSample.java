package io.jmsbench.protocol;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The broker's process as a monitor agent reads it on the broker's host: the one listening on
 * {@code port}. Found: its {@code pid}, {@code command}, CPU time so far ({@code cpuNanos}, the
 * time of the processes before it added after a restart) and resident memory ({@code -1} where
 * /proc does not tell), {@code missing} {@code null}. Not found: {@code pid}, {@code cpuNanos} and
 * {@code rssBytes} {@code -1}, never 0, and {@code missing} says why.
 */
public record BrokerProcessSample(int port, long pid, String command, long cpuNanos, long rssBytes,
                                  @JsonInclude(JsonInclude.Include.NON_NULL) BrokerProcessMissing missing) {

    public static BrokerProcessSample missing(int port, BrokerProcessMissing why) {
        return new BrokerProcessSample(port, -1, null, -1, -1, why);
    }

    public boolean found() {
        return missing == null;
    }
}
