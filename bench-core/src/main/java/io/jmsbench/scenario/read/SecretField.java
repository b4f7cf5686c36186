package io.jmsbench.scenario.read;

import com.fasterxml.jackson.databind.JsonNode;
import io.jmsbench.scenario.SecretReference;

/**
 * A field whose value is where a password is ({@link SecretReference}: {@code env:NAME} or
 * {@code file:PATH}), never the password: a plain value is refused without being repeated, since
 * it may be the password. Resolving it, and the rule for its file, is the controller's.
 */
final class SecretField {

    private SecretField() {
    }

    /**
     * The reference at {@code key}, {@code null} when absent or refused; {@code expected} says in words
     * what a reference is, {@code refusal} what was found instead.
     */
    static String read(Fields f, String key, String expected, String refusal) {
        JsonNode value = f.raw(key, () -> ValueSchemas.pattern(expected, SecretReference.PATTERN));
        if (value == null) {
            return null;
        }
        if (!value.isTextual() || !SecretReference.isReference(value.asText())) {
            f.problem(key, "expected " + expected + ", found " + refusal);
            return null;
        }
        return value.asText();
    }
}
