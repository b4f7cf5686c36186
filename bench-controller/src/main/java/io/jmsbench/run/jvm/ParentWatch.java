package io.jmsbench.run.jvm;

import java.io.IOException;
import java.util.concurrent.CountDownLatch;

/**
 * For a JVM started by the controller: ignore Ctrl-C (the controller orders the shutdown, so the
 * broker outlives the clients it serves) and report EOF on stdin, which means the controller is gone.
 */
public final class ParentWatch {

    private ParentWatch() {
    }

    /** Counts {@code gone} down when stdin reaches EOF. */
    public static void start(CountDownLatch gone) {
        ignoreInterrupt();
        Thread watcher = new Thread(() -> {
            try {
                while (System.in.read() >= 0) {
                    // the controller never writes; anything read is ignored
                }
            } catch (IOException ignored) {
                // a broken pipe means the same as EOF
            }
            gone.countDown();
        }, "parent-watch");
        watcher.setDaemon(true);
        watcher.start();
    }

    @SuppressWarnings("removal")
    private static void ignoreInterrupt() {
        try {
            sun.misc.Signal.handle(new sun.misc.Signal("INT"), signal -> { });
        } catch (IllegalArgumentException e) {
            // no SIGINT on this platform
        }
    }
}
