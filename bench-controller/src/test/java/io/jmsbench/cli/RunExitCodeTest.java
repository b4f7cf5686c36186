package io.jmsbench.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jmsbench.protocol.Json;
import io.jmsbench.report.Report;
import io.jmsbench.report.ClaimResult;
import io.jmsbench.report.ClaimVerdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Every way a run ends, with and without --require-valid and --require-claims, and its exit code. */
@Timeout(10)
class RunExitCodeTest {

    private static final Path BASE = Path.of("../bench-core/src/test/resources/regression/ci-smoke-base.json");

    /** The CI smoke run (completed, valid), with {@code status}, {@code valid} and claims of {@code verdicts}. */
    private static RunOutcome finished(String status, boolean valid, ClaimVerdict... verdicts) throws Exception {
        ObjectNode json = (ObjectNode) Json.MAPPER.readTree(BASE.toFile());
        json.put("status", status).put("valid", valid);
        Report r = Json.MAPPER.treeToValue(json, Report.class);
        List<ClaimResult> claims = List.of(verdicts).stream().map(v -> new ClaimResult(null, "a claim", v, List.of()))
                .toList();
        return RunOutcome.finished(new Report(r.schema(), r.runId(), r.status(), r.abortReason(), r.startedAt(),
                r.finishedAt(), r.scenarioFile(), r.scenarioSha256(), r.overrides(), r.scenario(), r.sweep(), r.repeat(),
                r.environment(), r.valid(), r.points(), r.summary(), r.model(), r.search(), claims, r.models(),
                r.modelsNotFitted()));
    }

    @Test
    void eachEndingAndRequirementGivesItsCode() throws Exception {
        assertEquals(ExitCodes.BAD_INPUT, RunExitCode.of(RunOutcome.REFUSED, true, true));
        assertEquals(ExitCodes.RUN_FAILED, RunExitCode.of(RunOutcome.FAILED, false, false));
        assertEquals(ExitCodes.RUN_FAILED, RunExitCode.interrupted());
        assertEquals(ExitCodes.RUN_FAILED, RunExitCode.of(finished(Report.ABORTED, false), false, false));

        RunOutcome invalid = finished(Report.COMPLETED, false, ClaimVerdict.CONTRADICTED);
        assertEquals(ExitCodes.OK, RunExitCode.of(invalid, false, false), "invalid points are reported, not failed");
        assertEquals(ExitCodes.INVALID_RESULT, RunExitCode.of(invalid, true, true), "--require-valid comes first");
        assertEquals(ExitCodes.CLAIM_CONTRADICTED, RunExitCode.of(invalid, false, true));

        assertEquals(ExitCodes.INCONCLUSIVE, RunExitCode.of(finished(Report.COMPLETED, true, ClaimVerdict.HOLDS,
                ClaimVerdict.INCONCLUSIVE), true, true));
        assertEquals(ExitCodes.OK, RunExitCode.of(finished(Report.COMPLETED, true, ClaimVerdict.HOLDS), true, true));
    }
}
