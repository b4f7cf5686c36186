package io.jmsbench.run.point;

/** The publishers sent nothing for {@link PointDriver#STALL}: the point is given up; {@code at} is the last reading. */
final class Stall extends Exception {

    private final transient Ending.Stalled ending;
    private final transient Snapshot at;

    Stall(Ending.Stalled ending, Snapshot at) {
        super(ending.sentence());
        this.ending = ending;
        this.at = at;
    }

    Ending.Stalled ending() {
        return ending;
    }

    Snapshot at() {
        return at;
    }
}
