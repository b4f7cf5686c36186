package io.jmsbench.history.store;

/**
 * What the history keeps of every point, one figure each: the three rates and the p99 gated as
 * {@code compare} gates them, the other latencies and the broker's CPU shown beside them.
 * {@code column} is its name in the database, which must never change once written.
 */
public enum HistoryMetric {
    RECEIVED("received", "received", "msgs/s", Direction.HIGHER_IS_BETTER),
    DISPATCHED("dispatched", "dispatched", "msgs/s", Direction.HIGHER_IS_BETTER),
    OVERALL("overall", "overall", "msgs/s", Direction.HIGHER_IS_BETTER),
    P50("p50", "p50 latency", "µs", Direction.LOWER_IS_BETTER),
    P99("p99", "p99 latency", "µs", Direction.LOWER_IS_BETTER),
    P999("p999", "p99.9 latency", "µs", Direction.LOWER_IS_BETTER),
    BROKER_CPU("broker_cores", "broker CPU", "cores", Direction.NEITHER);

    /** Which way is a regression: lower for a rate, higher for a latency, neither for the CPU used. */
    public enum Direction { HIGHER_IS_BETTER, LOWER_IS_BETTER, NEITHER }

    private final String column;
    private final String label;
    private final String unit;
    private final Direction direction;

    HistoryMetric(String column, String label, String unit, Direction direction) {
        this.column = column;
        this.label = label;
        this.unit = unit;
        this.direction = direction;
    }

    public String column() {
        return column;
    }

    public String label() {
        return label;
    }

    public String unit() {
        return unit;
    }

    public Direction direction() {
        return direction;
    }

    /** The metric stored under {@code column}, or null for one a newer jmsbench wrote. */
    public static HistoryMetric ofColumn(String column) {
        for (HistoryMetric m : values()) {
            if (m.column.equals(column)) {
                return m;
            }
        }
        return null;
    }
}
