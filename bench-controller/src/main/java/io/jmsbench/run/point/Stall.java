package io.jmsbench.run.point;

/** The publishers sent nothing for {@link PointDriver#STALL}: the point is given up; {@code at} is the last reading. */
final class Stall extends Exception {

    private final transient Snapshot at;

    Stall(String message, Snapshot at) {
        super(message);
        this.at = at;
    }

    Snapshot at() {
        return at;
    }
}
