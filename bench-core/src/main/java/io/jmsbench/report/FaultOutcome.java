package io.jmsbench.report;

/**
 * One fault a point injected and how the broker came back from it. {@code at}: when it started, in
 * seconds after the publishers started; {@code downFor}: how long the broker was down, as
 * measured; {@code rateBefore}: the dispatched rate before it (the mean of up to 5 s, NaN when
 * there were none); {@code firstDeliveryAfter}: seconds from the fault's start to the end of the
 * first second after it that delivered a message; {@code rateBackAfter}: to the end of the first
 * second back within 10% of {@code rateBefore}. Both are read off the 1 s samples, so each bounds
 * the moment from above by at most a second, and is NaN when it did not happen before the next
 * fault started (or the point ended).
 * {@code error}: why the fault could not be injected (the other figures NaN), or null.
 * {@code clientsReconnected}: how many clients' failover transports restored a lost connection
 * between this fault's start and the next one's; {@code reconnectedAfter}: seconds from the
 * fault's start to the last of those (NaN: none reconnected).
 */
public record FaultOutcome(String action, double at, double downFor, double rateBefore, double firstDeliveryAfter,
                           double rateBackAfter, String error, int clientsReconnected, double reconnectedAfter) {

    /** An outcome with no client reconnected. */
    public FaultOutcome(String action, double at, double downFor, double rateBefore, double firstDeliveryAfter,
                        double rateBackAfter, String error) {
        this(action, at, downFor, rateBefore, firstDeliveryAfter, rateBackAfter, error, 0, Double.NaN);
    }

    /** How close to the rate before it counts as "back". */
    public static final double RECOVERED = 0.9;
}
