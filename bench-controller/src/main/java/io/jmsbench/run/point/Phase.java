package io.jmsbench.run.point;

import java.util.Locale;

/**
 * The phases of a point, in order: clients connect (subscribers first), publishers warm up, the
 * measurement window, the drain after the publishers stop, and collecting the final figures
 * (which happens whatever ended the point).
 */
public enum Phase {
    CONNECT, WARMUP, MEASURE, DRAIN, COLLECT;

    /** The name in samples and reports: {@code warmup}, {@code measure}, {@code drain}. */
    public String sampleName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
