package io.jmsbench.protocol;

import java.util.List;
import java.util.Map;

/**
 * Answer to {@code POST /prepare}: how many clients are connected (subscribers: consuming), the
 * ones that failed with why, and the provider settings the clients really use (timeouts, send mode).
 */
public record PrepareResult(int ready, List<ClientFailure> failures, Map<String, String> providerSettings) {

    public record ClientFailure(String client, String error) {
    }
}
