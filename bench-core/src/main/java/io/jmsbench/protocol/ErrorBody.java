package io.jmsbench.protocol;

/** The body of every non-2xx answer of an agent: one sentence. */
public record ErrorBody(String error) {
}
