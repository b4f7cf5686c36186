package io.jmsbench.broker.management;

import java.time.Duration;

/** A broker's management interface, read at a point's edges; every call is bounded. */
public interface BrokerManagementClient {

    Duration TIMEOUT = Duration.ofSeconds(10);

    /** Where the figures come from, for the report ({@code BrokerCounts.source}). */
    String source();

    /**
     * Whether {@link #read} gives the broker's figures as they are now; RabbitMQ's API gives them
     * as they were at its last statistics period (5 s by default).
     */
    default boolean live() {
        return true;
    }

    /** Makes a client of a broker's management interface, each call a client of its own. */
    @FunctionalInterface
    interface Opener {
        BrokerManagementClient open() throws ManagementUnavailable;
    }

    /**
     * Empties the queues named {@code destinations}, as {@link BrokerReading#held} names them, and
     * returns how many messages they held; a broker or destination that cannot be purged is told.
     */
    default long purge(java.util.Map<String, Long> destinations) throws ManagementUnavailable, InterruptedException {
        throw new ManagementUnavailable(source() + " cannot purge a destination");
    }

    /** The broker's figures now. */
    BrokerReading read() throws ManagementUnavailable, InterruptedException;

    /**
     * The broker's figures once they have caught up with what happened: a management interface that
     * publishes its statistics on a period (RabbitMQ's, every 5 s by default) is read until they
     * stop moving, within {@code settling}'s bound; a counter that did not settle by then is
     * {@code -1} and the reading's {@code note} says which. Live statistics (JMX) need no wait.
     */
    default BrokerReading settled(Settling settling) throws ManagementUnavailable, InterruptedException {
        return read();
    }
}
