package io.jmsbench.run.stop;

/** The run was told to stop (Ctrl-C, SIGTERM); the message says why. */
public final class RunAborted extends Exception {

    public RunAborted(String reason) {
        super(reason);
    }
}
