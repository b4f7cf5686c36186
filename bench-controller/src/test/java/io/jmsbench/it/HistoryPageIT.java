package io.jmsbench.it;

import io.jmsbench.history.store.HistoryDatabase;
import io.jmsbench.history.store.HistoryLocation;
import io.jmsbench.history.store.RunRecords;
import io.jmsbench.history.store.Runs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The history's trend page, written by {@code jmsbench history show --html} over a history with a 10%
 * fall in it, opened in headless Chromium: every metric's chart drew, the page logged no error, and
 * it names the change point. A screenshot stays in target/report-html/history.png.
 */
@Timeout(120)
@SharesTheMachine
class HistoryPageIT {

    @TempDir
    Path work;

    @Test
    void theTrendPageDrawsEveryMetricAndNamesTheChangePoint() throws Exception {
        StringBuilder whyNot = new StringBuilder();
        Optional<ReportPage.Browser> browser = ReportPage.Browser.find(whyNot);
        Skip.unless(browser.isPresent(), () -> "HistoryPageIT skipped: " + whyNot);
        Path history = work.resolve("history.db");
        double[] received = {100_400, 99_100, 101_200, 98_900, 100_700, 99_600, 100_100, 90_300, 89_500, 91_000,
                90_100, 89_800};
        try (HistoryDatabase db = HistoryDatabase.open(new HistoryLocation(history, null, null), Map.of())) {
            for (int n = 0; n < received.length; n++) {
                db.record(RunRecords.of(Runs.report(n, received[n]), "c0ffee" + (n < 7 ? "1" : "2"), "run" + n));
            }
        }
        Path html = work.resolve("trend.html");
        Jmsbench.Result r = Jmsbench.run(work, Duration.ofSeconds(60), "history", "show", "ci-smoke", "--history",
                history.toString(), "--html", html.toString());
        assertEquals(0, r.exit(), r.stdout() + r.stderr());
        try (ReportPage page = ReportPage.open(browser.get())) {
            page.load(html);
            assertEquals(List.of(), page.errors(), "the page logged errors");
            List<ReportPage.Canvas> charts = page.canvases();
            assertEquals(7, charts.size(), charts.toString());
            for (ReportPage.Canvas c : charts) {
                assertTrue(c.width() > 0 && c.colouredPixels() >= 50, "chart '" + c.title() + "' is blank: " + c);
            }
            assertTrue(charts.stream().anyMatch(c -> c.title().equals("received (msgs/s), 1 change point")),
                    charts.toString());
            String text = page.text();
            assertTrue(text.contains("Change point: received: from run #8 (20261124T0007Z, commit c0ffee2), after #7 "
                    + "(20261124T0006Z, commit c0ffee1)"), text);
            assertTrue(text.contains("git log c0ffee1..c0ffee2"), text);
            page.screenshot(ReportHtmlIT.SHOTS.resolve("history.png"));
        }
    }
}
