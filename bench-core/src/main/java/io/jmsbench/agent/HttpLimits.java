package io.jmsbench.agent;

/**
 * The JDK HTTP server's bound on a slow client, for every server jmsbench runs (the agents', the
 * controller's metrics endpoint): a request must arrive in full within 10 s, so a client that
 * sends it a byte at a time, or never finishes it, holds no connection for ever. The JDK reads this
 * once, when its first server starts in a JVM, so every server sets it before it starts; a value
 * the user set on the command line wins. Not its response bound: the JDK counts that from the end
 * of the request, so it would cut off an agent's prepare, which may take a minute.
 */
public final class HttpLimits {

    static final String MAX_REQUEST_SECONDS = "10";

    private HttpLimits() {
    }

    public static void onThisJvm() {
        System.setProperty("sun.net.httpserver.maxReqTime",
                System.getProperty("sun.net.httpserver.maxReqTime", MAX_REQUEST_SECONDS));
    }
}
