package io.jmsbench.regression;

/** What {@code compare} looks at in every point: three rates (bigger is better) and two latencies. */
public enum Metric {
    RECEIVED("received", "msgs/s", true),
    DISPATCHED("dispatched", "msgs/s", true),
    OVERALL("overall", "msgs/s", true),
    P50("p50 latency", "µs", false),
    P99("p99 latency", "µs", false);

    private final String label;
    private final String unit;
    private final boolean biggerIsBetter;

    Metric(String label, String unit, boolean biggerIsBetter) {
        this.label = label;
        this.unit = unit;
        this.biggerIsBetter = biggerIsBetter;
    }

    public String label() {
        return label;
    }

    public String unit() {
        return unit;
    }

    public boolean biggerIsBetter() {
        return biggerIsBetter;
    }

    public boolean isRate() {
        return biggerIsBetter;
    }
}
