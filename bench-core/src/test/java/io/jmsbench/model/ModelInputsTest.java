package io.jmsbench.model;

import io.jmsbench.model.ModelInputs.Use;
import io.jmsbench.verdict.Finding;
import io.jmsbench.verdict.FindingCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Which points a fit may use, decided on finding codes: sentences can be reworded freely. */
@Timeout(10)
class ModelInputsTest {

    private static Finding f(FindingCode code) {
        return Finding.of(code, "any words at all, " + code.name().toLowerCase());
    }

    @Test
    void aValidPointIsUsedAndOneWithoutARateNever() {
        assertEquals(Use.VALID, ModelInputs.use(List.of(f(FindingCode.SHARED_HOST)), 1000));
        assertEquals(Use.UNUSABLE, ModelInputs.use(List.of(), 0));
        assertEquals(Use.UNUSABLE, ModelInputs.use(List.of(), Double.NaN));
    }

    @Test
    void onASharedHostOnlyTheCpuRulesMayBeBroken() {
        assertEquals(Use.SHARED_HOST_CPU_RULES_ONLY, ModelInputs.use(List.of(f(FindingCode.SHARED_HOST),
                f(FindingCode.CPU_RULE_BROKER), f(FindingCode.CPU_RULE_CLIENT)), 1000));
        assertEquals(Use.INVALID, ModelInputs.use(List.of(f(FindingCode.CPU_RULE_BROKER)), 1000),
                "separate hosts: the CPU rules hold there");
        assertEquals(Use.INVALID, ModelInputs.use(List.of(f(FindingCode.SHARED_HOST), f(FindingCode.CPU_RULE_BROKER),
                f(FindingCode.DRAIN_TIMEOUT)), 1000));
    }

    @Test
    void anUnverifiedPointIsNeverFitted() {
        assertEquals(Use.INVALID, ModelInputs.use(List.of(f(FindingCode.SHARED_HOST),
                f(FindingCode.BROKER_CPU_NOT_MEASURED)), 1000));
    }

    @Test
    void reportsWrittenBeforeCodesAreReadFromTheirSentences() {
        List<Finding> legacy = ModelInputs.legacyFindings(List.of("cpu rule: broker not saturated: the shared host was "
                + "80.0% busy (< 95%)"), List.of("shared host: broker, publishers and subscribers share this machine"));
        assertEquals(Use.SHARED_HOST_CPU_RULES_ONLY, ModelInputs.use(legacy, 1000));
        List<Finding> other = ModelInputs.legacyFindings(List.of("drain ended quiet with 5 of 100 expected receipts "
                + "missing"), List.of("shared host: one machine"));
        assertEquals(Use.INVALID, ModelInputs.use(other, 1000));
    }
}
