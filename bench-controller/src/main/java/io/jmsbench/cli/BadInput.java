package io.jmsbench.cli;

/**
 * Input refused before a command writes anything (an option's value, a file, a report): one sentence
 * on stderr, exit code 2.
 */
final class BadInput extends Exception {

    BadInput(String message) {
        super(message, null, false, false);
    }
}
