package io.jmsbench.scenario;

import io.jmsbench.text.Quoted;

/**
 * One mistake in a scenario: where it is ({@code source} is a file name or {@code --set}; line and
 * column are 1-based, 0 when unknown), the field path ({@code publishers.clients},
 * {@code subscribers[1].selector}) and a sentence saying what was expected and what was found.
 */
public record Problem(String source, int line, int column, String field, String message) {

    /** Every problem quotes its input through one redaction: no password, no text of a megabyte. */
    public Problem {
        field = field == null ? null : Quoted.message(field);
        message = message == null ? null : Quoted.message(message);
    }

    /** {@code FILE:LINE:COL: field: message}, the format every bad-input line uses. */
    public String format() {
        StringBuilder out = new StringBuilder(source);
        if (line > 0) {
            out.append(':').append(line).append(':').append(column);
        }
        return out.append(": ").append(field).append(": ").append(message).toString();
    }

    @Override
    public String toString() {
        return format();
    }
}
