package io.jmsbench.run.stop;

/** The run could not start or go on (an agent or the broker failed); the message is one sentence. */
public final class RunFailure extends Exception {

    public RunFailure(String message) {
        super(message);
    }
}
