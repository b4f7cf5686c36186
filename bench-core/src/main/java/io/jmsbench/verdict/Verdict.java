package io.jmsbench.verdict;

import com.fasterxml.jackson.annotation.JsonValue;

import java.util.List;
import java.util.Locale;

/**
 * A point's verdict from its findings: invalid if any finding is, else unverified if a rule could
 * not be evaluated, else valid. Only valid counts as valid: for {@code --require-valid}, the run's
 * {@code valid} and the model fit.
 */
public enum Verdict {
    VALID, INVALID, UNVERIFIED;

    public static Verdict of(List<Finding> findings) {
        if (findings.stream().anyMatch(Finding::invalid)) {
            return INVALID;
        }
        return findings.stream().anyMatch(Finding::blocking) ? UNVERIFIED : VALID;
    }

    @JsonValue
    public String json() {
        return name().toLowerCase(Locale.ROOT);
    }
}
