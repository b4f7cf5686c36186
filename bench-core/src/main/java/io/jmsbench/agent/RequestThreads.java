package io.jmsbench.agent;

import com.sun.net.httpserver.HttpHandler;

import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The agent's request threads, which keep room for a client that sends its request at once, as the
 * controller sends its heartbeat and control calls. The JDK's HTTP server reads a request's line and
 * headers on its executor's thread, blocking, so a client that sends its request a byte at a time holds
 * a thread for up to {@link HttpLimits}' 10 s, and so does one whose body the agent refused while the
 * server drains it. With every thread held so, the server closes each new connection at once (a flood
 * of 125 such clients beside 125 refused bodies did that to a heartbeat on a loaded machine).
 *
 * <p>So an exchange's thread is either waiting on its client (until the handler has the request, and
 * again once the answer is written) or handling a call. When all {@code maxThreads} are taken, the one
 * that has waited on its client the longest is cut off (its connection closed, as the 10 s bound would
 * close it later) and the new exchange runs on its thread. Only when every thread is handling a call is
 * a new connection closed. Nothing waits longer than before: a cut exchange ends at once, and a
 * connection whose exchange waits for a thread is still closed by the server's own 10 s bound.
 */
final class RequestThreads implements Executor {

    private static final ThreadLocal<Turn> CURRENT = new ThreadLocal<>();

    private final ThreadPoolExecutor threads;
    private final Set<Turn> running = ConcurrentHashMap.newKeySet();
    /** Exchanges whose thread is being freed by a cut: the next thread to finish an exchange runs them. */
    private final Queue<Turn> handOver = new ConcurrentLinkedQueue<>();

    /** Up to {@code maxThreads} threads named {@code name}, made as exchanges come and ended after 30 s idle. */
    RequestThreads(String name, int maxThreads) {
        threads = new ThreadPoolExecutor(2, maxThreads, 30, TimeUnit.SECONDS, new SynchronousQueue<>(), r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
    }

    @Override
    public void execute(Runnable exchange) {
        Turn turn = new Turn(exchange);
        try {
            threads.execute(() -> runFrom(turn));
            return;
        } catch (RejectedExecutionException full) {
            handOver.add(turn);
            if (cutLongestWaiting() || !handOver.remove(turn)) {
                return; // the freed thread (or one that finished meanwhile) runs it
            }
            threads.execute(() -> runFrom(turn)); // a thread may have come free meanwhile; if not, the JDK closes it
        }
    }

    /** {@code handler}, marking its thread as handling a call, not waiting on its client. */
    HttpHandler handling(HttpHandler handler) {
        return exchange -> {
            Turn turn = CURRENT.get();
            if (turn != null && !turn.handle()) {
                exchange.close(); // cut off just as its request arrived: its connection is closed already
                return;
            }
            handler.handle(exchange);
        };
    }

    /**
     * Called once an answer is written: what follows on this thread (the server draining a request body
     * the agent did not read) waits on the client again, and may be cut off.
     */
    static void answered() {
        Turn turn = CURRENT.get();
        if (turn != null) {
            turn.waitOnClient();
        }
    }

    /** Exchanges whose thread waits on its client now. */
    int waitingOnClients() {
        return (int) running.stream().filter(Turn::waiting).count();
    }

    void shutdownNow() {
        threads.shutdownNow();
    }

    private void runFrom(Turn first) {
        for (Turn turn = first; turn != null; turn = handOver.poll()) {
            turn.start(Thread.currentThread());
            running.add(turn);
            CURRENT.set(turn);
            try {
                turn.exchange.run();
            } finally {
                CURRENT.remove();
                running.remove(turn);
                turn.end();
            }
        }
    }

    private boolean cutLongestWaiting() {
        while (true) {
            Turn longest = null;
            for (Turn turn : running) {
                if (turn.waiting() && (longest == null || turn.since() < longest.since())) {
                    longest = turn;
                }
            }
            if (longest == null) {
                return false;
            }
            if (longest.cut()) {
                return true;
            } // else it began handling or ended meanwhile: look again
        }
    }

    /** One exchange on its thread. The lock keeps a cut's interrupt from reaching the thread's next exchange. */
    private static final class Turn {

        private enum State { QUEUED, WAITING, HANDLING, CUT, ENDED }

        final Runnable exchange;
        private Thread thread;
        private State state = State.QUEUED;
        private long since;

        Turn(Runnable exchange) {
            this.exchange = exchange;
        }

        synchronized void start(Thread on) {
            thread = on;
            state = State.WAITING;
            since = System.nanoTime();
        }

        synchronized boolean waiting() {
            return state == State.WAITING;
        }

        synchronized long since() {
            return since;
        }

        synchronized boolean handle() {
            if (state != State.WAITING) {
                return false;
            }
            state = State.HANDLING;
            return true;
        }

        synchronized void waitOnClient() {
            if (state == State.HANDLING) {
                state = State.WAITING;
                since = System.nanoTime();
            }
        }

        /** Interrupts a thread blocked on its client's socket, which closes that connection. */
        synchronized boolean cut() {
            if (state != State.WAITING) {
                return false;
            }
            state = State.CUT;
            thread.interrupt();
            return true;
        }

        synchronized void end() {
            state = State.ENDED;
            Thread.interrupted(); // a cut's interrupt ends with its exchange
        }
    }
}
