package io.jmsbench.model;

import java.util.Locale;

/**
 * One measured point for the cost-model fit: the number of installed filters n_fltr, the replication
 * grade r (measured, dispatched / received) and the received rate in msgs/s. Validated where built,
 * so a fit never sees a rate it cannot invert.
 *
 * @throws IllegalArgumentException when the label is null, filters or r is negative or not finite, or
 *                                  the received rate is not a positive finite number
 */
public record ModelPoint(String label, double filters, double replicationGrade, double receivedRate) {

    public ModelPoint {
        if (label == null) {
            throw new IllegalArgumentException("a model point needs a label, found null");
        }
        if (!(filters >= 0) || Double.isInfinite(filters)) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "point '%s': filters must be a finite number >= 0, found %s", label, filters));
        }
        if (!(replicationGrade >= 0) || Double.isInfinite(replicationGrade)) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "point '%s': replication grade must be a finite number >= 0, found %s", label, replicationGrade));
        }
        if (!(receivedRate > 0) || Double.isInfinite(receivedRate)) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "point '%s': received rate must be a positive finite number of msgs/s, found %s",
                    label, receivedRate));
        }
    }
}
