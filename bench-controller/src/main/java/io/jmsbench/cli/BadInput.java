package io.jmsbench.cli;

import io.jmsbench.text.Quoted;

/**
 * Input refused before a command writes anything (an option's value, a file, a report): one sentence
 * on stderr, exit code 2, quoting what it quotes as every scenario problem does ({@link Quoted#message}).
 */
final class BadInput extends Exception {

    BadInput(String message) {
        super(Quoted.message(message), null, false, false);
    }
}
