package io.jmsbench.history.store;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jmsbench.protocol.Json;
import io.jmsbench.report.Report;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;

/**
 * Reports for the history's tests, made from a real ci-smoke run (bench-core's regression fixture)
 * with its run id, start time and received rate changed: a series as a run after run would make it.
 */
public final class Runs {

    public static final Path BASE = Path.of("../bench-core/src/test/resources/regression/ci-smoke-base.json");

    private Runs() {
    }

    /** The fixture's JSON as the {@code n}-th run of a series (a minute apart), its received rate {@code received}. */
    public static ObjectNode tree(int n, double received) throws IOException {
        ObjectNode tree = (ObjectNode) Json.MAPPER.readTree(BASE.toFile());
        Instant start = Instant.parse("2026-11-24T00:00:00Z").plusSeconds(60L * n);
        tree.put("runId", String.format("20261124T%04dZ", n));
        tree.put("startedAt", start.toString());
        ObjectNode point = (ObjectNode) tree.path("points").get(0);
        ((ObjectNode) point.path("received")).put("rate", received);
        return tree;
    }

    public static Report report(int n, double received) throws IOException {
        return Json.MAPPER.treeToValue(tree(n, received), Report.class);
    }
}
