package io.jmsbench.history.store;

/**
 * Why the history could not be opened, read or written, in one sentence that names the database
 * (a file's path, or a server's URL without its password), never a stack trace.
 */
public final class HistoryProblem extends Exception {

    public HistoryProblem(String message) {
        super(message);
    }
}
