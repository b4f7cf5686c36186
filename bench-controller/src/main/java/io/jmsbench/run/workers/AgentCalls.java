package io.jmsbench.run.workers;

import io.jmsbench.agent.AgentClient;
import io.jmsbench.agent.AgentException;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Asks several agents the same question at once, so that the readings merged into one sample are
 * taken at nearly one instant rather than one round trip apart per agent. The answers come back
 * in the agents' order to the one calling thread, which alone interprets them: only the HTTP
 * calls run elsewhere. One agent is asked on the calling thread.
 */
final class AgentCalls implements AutoCloseable {

    /** Beyond a call's own timeout, how long to wait for its thread before giving it up. */
    private static final Duration GRACE = Duration.ofSeconds(2);

    @FunctionalInterface
    interface Call<T> {
        T ask(AgentClient agent) throws AgentException;
    }

    /** An agent's answer, or why there was none. */
    record Answer<T>(T value, AgentException error) {
    }

    private final ExecutorService pool;

    AgentCalls(int agents, String role) {
        AtomicInteger n = new AtomicInteger();
        this.pool = agents <= 1 ? null : Executors.newFixedThreadPool(agents, r -> {
            Thread t = new Thread(r, role + "-pull-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    /** Every agent's answer to {@code call}, each within {@code timeout} (the call's own) and a little grace. */
    <T> List<Answer<T>> ask(List<AgentClient> agents, Duration timeout, Call<T> call) {
        List<Answer<T>> answers = new ArrayList<>(agents.size());
        if (pool == null || agents.size() <= 1) {
            for (AgentClient agent : agents) {
                answers.add(answer(agent, call));
            }
            return answers;
        }
        List<Future<Answer<T>>> futures = new ArrayList<>(agents.size());
        for (AgentClient agent : agents) {
            futures.add(pool.submit(() -> answer(agent, call)));
        }
        long deadline = System.nanoTime() + timeout.plus(GRACE).toNanos();
        for (int i = 0; i < futures.size(); i++) {
            try {
                answers.add(futures.get(i).get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS));
            } catch (TimeoutException e) {
                futures.get(i).cancel(true);
                answers.add(new Answer<>(null, new AgentException(agents.get(i).name() + " did not answer within "
                        + timeout.plus(GRACE).toMillis() + " ms")));
            } catch (ExecutionException e) {
                answers.add(new Answer<>(null, new AgentException(agents.get(i).name() + ": " + e.getCause())));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                answers.add(new Answer<>(null, new AgentException(agents.get(i).name() + ": interrupted")));
            }
        }
        return answers;
    }

    private static <T> Answer<T> answer(AgentClient agent, Call<T> call) {
        try {
            return new Answer<>(call.ask(agent), null);
        } catch (AgentException e) {
            return new Answer<>(null, e);
        }
    }

    @Override
    public void close() {
        if (pool != null) {
            pool.shutdownNow();
        }
    }
}
