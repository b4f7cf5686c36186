package io.jmsbench.scenario;

import java.util.Locale;

/** What a scheduled fault does to the broker. */
public enum FaultAction {
    /** SIGSTOP the embedded broker's JVM, SIGCONT it after {@code downFor}: every connection stays open. */
    PAUSE_BROKER;

    public String yamlName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
