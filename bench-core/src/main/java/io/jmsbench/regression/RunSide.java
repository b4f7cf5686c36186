package io.jmsbench.regression;

import io.jmsbench.report.Report;

import java.util.List;

/** One of the two runs compared, as the comparison names it. */
public record RunSide(String runId, String startedAt, String status, String abortReason, String scenarioFile,
                      List<String> overrides, RunFingerprint fingerprint) {

    public RunSide {
        overrides = overrides == null ? List.of() : List.copyOf(overrides);
    }

    static RunSide of(Report report) {
        return new RunSide(report.runId(), report.startedAt(), report.status(), report.abortReason(),
                report.scenarioFile(), report.overrides(), RunFingerprint.of(report));
    }

    public boolean completed() {
        return Report.COMPLETED.equals(status);
    }
}
