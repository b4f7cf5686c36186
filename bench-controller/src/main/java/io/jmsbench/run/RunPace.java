package io.jmsbench.run;

/**
 * How long the runs still to come should take: the planned time of one run until one has run, then
 * the mean of those that did (start-up, drain and stop included, as this machine takes them).
 */
final class RunPace {

    private final int runs;
    private final double plannedSeconds;
    private double totalSeconds;
    private int done;

    RunPace(int runs, double plannedSeconds) {
        this.runs = runs;
        this.plannedSeconds = plannedSeconds;
    }

    void ran(double seconds) {
        totalSeconds += seconds;
        done++;
    }

    /** The seconds the runs after the {@code run}-th (from 1) should take. */
    double secondsAfter(int run) {
        double perRun = done == 0 ? plannedSeconds : totalSeconds / done;
        return Math.max(0, runs - run) * perRun;
    }
}
