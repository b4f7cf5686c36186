package io.jmsbench.regression;

import java.util.Locale;

/** What two runs must share to be compared; {@code --allow-different} names the parts that may differ. */
public enum FingerprintPart {
    SCENARIO("the scenario file's content (its SHA-256; by name in reports that did not record it)"),
    BROKER("the broker's kind and version"),
    PROVIDER("the JMS provider"),
    CLIENTS("the client libraries' versions"),
    JVM("the Java versions of the broker, the agents and the controller"),
    CORES("the cores of every host that took part"),
    CPUS("where the broker and the clients ran on the host's CPUs (shared, or each role's partition)");

    private final String meaning;

    FingerprintPart(String meaning) {
        this.meaning = meaning;
    }

    public String meaning() {
        return meaning;
    }

    /** The name users write: {@code scenario}, {@code broker}, ... */
    public String option() {
        return name().toLowerCase(Locale.ROOT);
    }
}
