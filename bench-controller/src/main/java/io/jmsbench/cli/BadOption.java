package io.jmsbench.cli;

/** An option's value refused before the command starts anything: one sentence, for exit code 2. */
final class BadOption extends Exception {

    BadOption(String message) {
        super(message, null, false, false);
    }
}
