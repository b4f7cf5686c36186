package io.jmsbench.report;

import com.fasterxml.jackson.annotation.JsonUnwrapped;

/** One line of {@code samples.jsonl}: which point and repeat, then the interval sample's fields. */
public record SampleLine(int point, int repeat, @JsonUnwrapped IntervalSample sample) {
}
