package io.jmsbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A real sweep (the quick Fig. 8, with short windows, on r = 1 and 3), then the model fit on its report.
 * Repeats, which need no idle host, are {@link RepeatsIT}.
 */
@Timeout(720)
@NeedsAnIdleMachine
class SweepIT {

    /** The replication grades quick-fig8.yaml sweeps, and the ones this test sweeps. */
    private static final String SHIPPED_R = "subscribers[0].clients: [1, 3, 10]";
    private static final String SWEPT_R = "subscribers[0].clients: [1, 3]";

    @TempDir
    Path work;

    @Test
    void quickFig8SweepMeasuresEveryPointInOrderAndFitsTheModel() throws Exception {
        Path out = work.resolve("results");
        // the shipped file's r in {1, 3}, without 10 (about 29 s a point here): every claim still has what it is
        // judged on (each trend two values of r at each m_add, each ratio its two points), and the fit n_fltr and r
        // varying independently over four points for its three parameters; r=10, m_add=3 was the point seen to
        // need the 15 s warm-up most (12 copies per message still draining after 8 s)
        Path scenario = work.resolve("quick-fig8.yaml");
        String shipped = Files.readString(Jmsbench.scenario("paper/quick-fig8.yaml"));
        assertTrue(shipped.contains(SHIPPED_R), "quick-fig8.yaml sweeps " + SHIPPED_R);
        Files.writeString(scenario, shipped.replace(SHIPPED_R, SWEPT_R));
        // a fixed 15 s warm-up (the file's auto one may end a point "never steady"), then auto windows to a generous
        // precision: the model is fitted to valid points only, and a window needs its seconds to be judged steady
        Jmsbench.Result run = Jmsbench.run(work, Duration.ofSeconds(600), "run",
                scenario.toString(), "--out", out.toString(), "--require-claims",
                "--set", "phases.warmup=15s", "--set", "phases.maxWarmup=null", "--set", "phases.precision=20%",
                "--set", "phases.maxMeasure=15s");
        assertTrue(run.stdout().indexOf("plan     4 points x 1 repeats") < run.stdout().indexOf("point 1/4"),
                "the plan is printed before the run starts:\n" + run.stdout());

        Path dir = Reports.onlyRunDirectory(out, "paper-quick-fig8");
        KeptRuns.keep(dir, "quick-fig8"); // for ReportHtmlIT
        JsonNode report = Reports.read(dir);
        // the paper's four claims: the two trends judged per m_add, the two ratios where their `where` fixes the other
        // key; on a shared host any verdict may come, but the exit must follow them: 7 when one is contradicted,
        // else 6 when one is inconclusive, else 0
        JsonNode claims = report.path("claims");
        assertEquals(4, claims.size(), claims.toString());
        List<String> verdicts = new ArrayList<>();
        for (JsonNode c : claims) {
            verdicts.add(c.path("verdict").asText());
            boolean ratio = "RATIO".equals(c.path("claim").path("shape").asText());
            assertEquals(ratio ? 1 : 2, c.path("groups").size(), (ratio ? "one group: where fixes the other key: "
                    : "one group per m_add: ") + c);
            assertTrue(run.stdout().contains("claim " + c.path("verdict").asText().toLowerCase(java.util.Locale.ROOT)
                    + ": " + c.path("statement").asText()), run.stdout());
        }
        assertEquals(verdicts.contains("CONTRADICTED") ? 7 : verdicts.contains("INCONCLUSIVE") ? 6 : 0, run.exit(),
                verdicts + "\n" + run.stdout() + run.stderr());
        assertTrue(Files.readString(dir.resolve("report.md")).contains("## Claims"));
        JsonNode points = report.path("points");
        assertEquals(4, points.size());
        List<String> order = new ArrayList<>();
        for (JsonNode p : points) {
            long r = p.path("parameters").path("subscribers[0].clients").asLong();
            long mAdd = p.path("parameters").path("subscribers[1].clients").asLong();
            order.add(r + "/" + mAdd);
            assertEquals(r + mAdd, p.path("filters").asLong(), "n_fltr = r + m_add");
            assertEquals(r, p.path("replicationGrade").path("expected").asDouble(), 0.0, "expected r from the selectors");
            assertEquals("complete", p.path("drain").path("outcome").asText(), p.toString());
            assertEquals(r, p.path("replicationGrade").path("measured").asDouble(), r * 0.02, "measured r once drained");
            assertTrue(p.path("received").path("rate").asDouble() > 0);
        }
        assertEquals(List.of("1/3", "1/250", "3/3", "3/250"), order, "stable sweep order");
        assertEquals(4, report.path("summary").size());
        assertEquals(5, Files.readAllLines(dir.resolve("summary.csv")).size(), "header and one row per point");
        assertTrue(Files.readString(dir.resolve("report.md")).contains("| subscribers[0].clients | subscribers[1].clients |"));

        JsonNode model = report.path("model");
        assertFalse(model.isMissingNode() || model.isNull(), "n_fltr and r vary: the run fits the model");
        for (String t : List.of("tRcv", "tFltr", "tTx")) {
            assertTrue(model.path(t).asDouble() >= 0, t + " >= 0");
        }
        assertEquals(4, model.path("pointsUsed").asInt());

        Jmsbench.Result fit = Jmsbench.run(work, Duration.ofSeconds(60), "fit", dir.resolve("report.json").toString(),
                "--predict", "filters=200,r=10");
        assertEquals(0, fit.exit(), fit.stdout() + fit.stderr());
        assertTrue(fit.stdout().contains("points: 4 used, 0 skipped"), fit.stdout());
        assertTrue(fit.stdout().contains("predict filters=200,r=10: received "), fit.stdout());
    }
}
