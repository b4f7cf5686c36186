package io.jmsbench.agent;

import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.net.InetSocketAddress;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The JDK HTTP server's bounds on slow clients, for every server jmsbench runs (the agents', the
 * controller's metrics endpoint). A request must arrive in full within 10 s, so a client that sends
 * it a byte at a time, or never finishes it, holds no connection for ever. The JDK reads this once,
 * when its first server starts in a JVM, so every server sets it before it starts; a value the
 * user set on the command line wins. Not its response bound: the JDK counts that from the end of
 * the request, so it would cut off an agent's prepare, which may take a minute.
 *
 * <p>The JDK server reads a request's headers on its executor's thread, so a few slow clients
 * would hold a small pool and keep the controller's own calls waiting. The {@link #executor} grows
 * to {@value #MAX_THREADS} threads, each held for at most that 10 s; a connection beyond that is
 * closed at once. The agent's own threads ({@link RequestThreads}) cut off the client waited on the
 * longest instead, so that the controller's calls always find one.
 */
public final class HttpLimits {

    static final String MAX_REQUEST_SECONDS = "10";
    static final int MAX_THREADS = 256;
    /**
     * Connections the kernel holds for the server to accept (capped by net.core.somaxconn): with 16, a
     * burst of 1,000 connections took 45 s to be accepted here, the SYNs over it dropped and resent.
     */
    public static final int BACKLOG = 1024;

    private HttpLimits() {
    }

    /** The executor of one server: threads named {@code name}, made as requests come, at most {@value #MAX_THREADS}. */
    public static ExecutorService executor(String name) {
        return new ThreadPoolExecutor(2, MAX_THREADS, 30, TimeUnit.SECONDS, new SynchronousQueue<>(), r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        }); // beyond MAX_THREADS execute() throws, and the JDK server closes that connection
    }

    /**
     * A JDK HTTP server with these limits. The JDK reads {@code maxReqTime} once, when the first server
     * of the JVM is made, so every server, the tests' included, is made here: one made elsewhere first
     * would leave a client that never finishes its request holding a thread for good.
     */
    public static HttpServer server(InetSocketAddress bind, int backlog) throws IOException {
        onThisJvm();
        return HttpServer.create(bind, backlog);
    }

    private static void onThisJvm() {
        System.setProperty("sun.net.httpserver.maxReqTime",
                System.getProperty("sun.net.httpserver.maxReqTime", MAX_REQUEST_SECONDS));
    }
}
