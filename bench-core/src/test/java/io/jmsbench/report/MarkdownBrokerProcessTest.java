package io.jmsbench.report;

import io.jmsbench.report.PointResult.BrokerResources;
import io.jmsbench.report.PointResult.Resources;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A broker whose memory a monitor agent read on its host, but not its disk traffic: report.md says only what is known. */
class MarkdownBrokerProcessTest {

    @Test
    void aBrokerMeasuredByItsMonitorShowsItsMemoryWithoutMadeUpDiskFigures() throws Exception {
        PointResult p = SweepTableTest.run(Map.of(), 1, 100_000, 1, 1.0, 1.5, List.of());
        Resources r = p.resources();
        PointResult monitored = p.toBuilder()
                .resources(new Resources(r.cpu(), new BrokerResources(512L << 20, -1, -1, -1), r.agents(), r.clients()))
                .sizes(null).build();

        String md = MarkdownReport.render(SweepTableTest.report(SweepTableTest.plan(), List.of(List.of(monitored))));

        assertTrue(md.contains("Broker process: 512 MiB resident at the window's end; its disk traffic was not read."),
                md);
        assertFalse(md.contains("Broker JVM:"), md);
        assertFalse(md.contains("-0.0 MiB"), md);
    }
}
