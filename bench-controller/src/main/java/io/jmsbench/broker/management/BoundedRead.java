package io.jmsbench.broker.management;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * A reading whose client has no bound of its own (a JMX connect, a core session's connect) run on a
 * daemon thread of its own, and given up after {@code bound}: the caller is never held longer, and
 * the thread, interrupted, ends when its socket does.
 */
final class BoundedRead {

    private BoundedRead() {
    }

    interface Reading<T> {
        T read() throws Exception;
    }

    /**
     * {@code who} names the interface in the timeout's sentence ("ActiveMQ's JMX at URL");
     * {@code failed} turns what the reading threw into the sentence the user gets.
     */
    static <T> T within(Duration bound, String thread, String who, Reading<T> reading,
                        Function<Throwable, ManagementUnavailable> failed)
            throws ManagementUnavailable, InterruptedException {
        CompletableFuture<T> result = new CompletableFuture<>();
        Thread reader = new Thread(() -> {
            try {
                result.complete(reading.read());
            } catch (Throwable t) {
                result.completeExceptionally(t);
            }
        }, thread);
        reader.setDaemon(true);
        reader.start();
        try {
            return result.get(bound.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            reader.interrupt();
            throw e;
        } catch (TimeoutException e) {
            reader.interrupt();
            throw new ManagementUnavailable(who + " did not answer within " + bound.toSeconds() + " s");
        } catch (ExecutionException e) {
            throw failed.apply(e.getCause());
        }
    }
}
