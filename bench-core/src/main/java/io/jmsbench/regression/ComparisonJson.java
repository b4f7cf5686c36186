package io.jmsbench.regression;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jmsbench.protocol.Json;

import java.util.Locale;

/**
 * The comparison as JSON for tools: the whole {@link RunComparison} (schema {@value RunComparison#SCHEMA})
 * with the gate's outcome beside it: {@code passes}, the failing points and their metrics, the claims
 * broken or lost.
 */
public final class ComparisonJson {

    private ComparisonJson() {
    }

    public static String of(RunComparison c) {
        ObjectNode root = Json.MAPPER.valueToTree(c);
        ObjectNode gate = root.putObject("gate");
        gate.put("outcome", c.outcome().name().toLowerCase(Locale.ROOT));
        gate.put("passes", c.passes());
        gate.put("sentence", ComparisonOutcome.sentence(c));
        var failing = gate.putArray("regressions");
        for (PointComparison p : c.regressions()) {
            for (MetricChange ch : p.failures()) {
                failing.addObject().put("point", p.label()).put("metric", ch.metric().name().toLowerCase(
                        Locale.ROOT)).put("line", ChangeWords.failure(p, ch));
            }
        }
        var inconclusive = gate.putArray("inconclusive");
        for (PointComparison p : c.inconclusive()) {
            for (MetricChange ch : p.inconclusive()) {
                inconclusive.addObject().put("point", p.label()).put("metric", ch.metric().name().toLowerCase(
                        Locale.ROOT)).put("line", ChangeWords.inconclusive(p, ch));
            }
        }
        var broken = gate.putArray("claimsBroken");
        c.brokenClaims().forEach(k -> broken.add(ChangeWords.claim(k)));
        var lost = gate.putArray("claimsLost");
        c.lostClaims().forEach(k -> lost.add(ChangeWords.claim(k)));
        var notValid = gate.putArray("notValid");
        c.notValid().forEach(p -> notValid.add(p.label()));
        try {
            return Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a comparison always serialises", e);
        }
    }
}
