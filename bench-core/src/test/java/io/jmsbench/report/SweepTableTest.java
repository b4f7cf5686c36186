package io.jmsbench.report;

import io.jmsbench.verdict.Finding;
import io.jmsbench.verdict.FindingCode;
import io.jmsbench.verdict.Verdict;

import com.fasterxml.jackson.databind.SerializationFeature;
import io.jmsbench.protocol.HostFacts;
import io.jmsbench.protocol.Json;
import io.jmsbench.protocol.JvmFacts;
import io.jmsbench.report.Environment.BrokerFacts;
import io.jmsbench.report.PointResult.AgentFootprint;
import io.jmsbench.report.PointResult.BrokerResources;
import io.jmsbench.report.PointResult.ClientSpread;
import io.jmsbench.report.PointResult.CpuFigures;
import io.jmsbench.report.PointResult.Drain;
import io.jmsbench.report.PointResult.PhaseTimes;
import io.jmsbench.report.PointResult.RateFigure;
import io.jmsbench.report.PointResult.ReplicationGrade;
import io.jmsbench.report.PointResult.Totals;
import io.jmsbench.report.files.ReportWriter;
import io.jmsbench.scenario.ScenarioException;
import io.jmsbench.scenario.read.ScenarioLoader;
import io.jmsbench.scenario.ScenarioPlan;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The sweep table (report.md) and summary.csv against golden text; report.json read back as written. */
@Timeout(60)
public class SweepTableTest {

    private static final String SCENARIO = """
            name: table
            message: {properties: 1}
            subscribers:
              - {clients: 1, filter: {on: P1, equals: "#0"}}
            phases: {warmup: 1s, measure: 10s, drain: 5s}
            repeat: 2
            sweep:
              subscribers[0].clients: [1, 2]
              message.size: [1024]
            """;

    @TempDir
    Path dir;

    static ScenarioPlan plan() throws ScenarioException {
        return ScenarioLoader.parsePlan(SCENARIO, "table.yaml", "table", List.of("phases.warmup=1s"));
    }

    /** One measured run; rates over a 10 s window, dispatched = received * r. */
    public static PointResult run(Map<String, Object> parameters, int repeat, double receivedRate, double r,
                                   double measuredR, double brokerCores, List<String> invalid) {
        double dispatchedRate = receivedRate * r;
        long received = Math.round(receivedRate * 10);
        long dispatched = Math.round(dispatchedRate * 10);
        List<IntervalSample> samples = List.of(
                new IntervalSample(1.0, "warmup", 1000, 1000.0, 1000, 1000.0, Double.NaN, 0.25, 0.125, 0.5),
                new IntervalSample(2.0, "measure", 2000, 2000.0, 2000 * (long) r, 2000.0 * r, brokerCores, 0.5,
                        0.25, 0.9));
        List<Finding> findings = invalid.stream().map(reason -> Finding.of(FindingCode.DRAIN_INCOMPLETE, reason)).toList();
        return PointResult.builder().key(new PointResult.Key(parameters, repeat))
                .judgement(new PointResult.Judgement(invalid.isEmpty(), invalid,
                        List.of("shared host: broker, publishers and subscribers share this machine's 4 cores"),
                        findings, invalid.isEmpty() ? Verdict.VALID : Verdict.INVALID))
                .timing(new PointResult.Timing(new PhaseTimes("2024-05-01T10:00:00Z", "2024-05-01T10:00:01Z",
                        "2024-05-01T10:00:02Z", "2024-05-01T10:00:12Z", "2024-05-01T10:00:12.5Z",
                        invalid.isEmpty() ? "2024-05-01T10:00:13Z" : null),
                        new PointResult.Windows(WarmupEnd.TIME, 1, Double.NaN, WindowEnd.TIME, Double.NaN)))
                .rates(new PointResult.Rates(new RateFigure(received, receivedRate, 10.0, receivedRate / 20),
                        new RateFigure(dispatched, dispatchedRate, 10.0, Double.NaN), receivedRate + dispatchedRate,
                        new ReplicationGrade(r, measuredR), (int) r))
                .delivery(new PointResult.Delivery(new Totals(received + 500, dispatched + 1000, 0, 0, null, null,
                        List.of(), List.of()),
                        invalid.isEmpty() ? new Drain(DrainEnd.COMPLETE, 0.5, 100, 100)
                                : new Drain(DrainEnd.QUIET, 5.0, 100, 95),
                        io.jmsbench.metrics.AuditCounts.NONE,
                        new LatencyFigures(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                                Double.NaN, LatencyFigures.ACTUAL), null, List.of(), null, null, null))
                .resources(new PointResult.Resources(new CpuFigures(4, brokerCores, 0.5, 0.25, 0.9,
                        Double.isNaN(brokerCores) ? Double.NaN : 0.6, Double.NaN, List.of()),
                        new BrokerResources(512L * 1024 * 1024, 0, 4096, 1_000_000),
                        new AgentFootprint(repeat == 1 ? 2.5 : Double.NaN, 64L << 20, 40, 96L << 20, 60),
                        new ClientSpread(receivedRate, receivedRate, dispatchedRate / r, dispatchedRate / r)))
                .samples(samples).environment(PointEnvironment.NONE).build();
    }

    static Report report(ScenarioPlan plan, List<List<PointResult>> byPoint) {
        List<PointResult> points = new ArrayList<>();
        List<PointSummary> summary = new ArrayList<>();
        for (int i = 0; i < byPoint.size(); i++) {
            points.addAll(byPoint.get(i));
            summary.add(PointSummary.of(i, byPoint.get(i)));
        }
        Environment environment = new Environment("0.1.0-test", "6.1.2", "2.5.0",
                new BrokerFacts("embedded activemq", "6.1.2", "tcp://127.0.0.1:61616", false, "/tmp/broker-data",
                        512L, new JvmFacts(1234, "17.0.9", "OpenJDK 64-Bit Server VM", "Eclipse Adoptium",
                        List.of("-Xmx1g"), 1L << 30)),
                new HostFacts("bench-host", 4, 16L << 30, "Linux", "6.1.0", "amd64", null, "boot-1"),
                new JvmFacts(1200, "17.0.9", "OpenJDK 64-Bit Server VM", "Eclipse Adoptium", List.of(), 1L << 29),
                List.of(),
                Map.of("useAsyncSend", "false"), null, List.of());
        return new Report(Report.SCHEMA, "20240501-100000-table", Report.COMPLETED, null, "2024-05-01T10:00:00Z",
                "2024-05-01T10:01:00Z", "table.yaml", List.of("phases.warmup=1s"), plan.base(), plan.sweep(),
                plan.repeat(), environment, points.stream().allMatch(point -> point.judgement().valid()), points, summary, null);
    }

    /** Two points (1 and 2 matching subscribers) times two repeats; the last run is invalid. */
    static Report twoPointsTwoRepeats() throws ScenarioException {
        ScenarioPlan plan = plan();
        Map<String, Object> p0 = plan.points().get(0).parameters();
        Map<String, Object> p1 = plan.points().get(1).parameters();
        return report(plan, List.of(
                List.of(run(p0, 1, 100_000, 1, 1.0, 1.5, List.of()),
                        run(p0, 2, 120_000, 1, 0.998, 1.7, List.of())),
                List.of(run(p1, 1, 80_000, 2, 2.0, 1.9, List.of()),
                        run(p1, 2, 90_000, 2, Double.NaN, Double.NaN,
                                List.of("drain ended quiet with 5 of 100 expected receipts missing",
                                        "the \"broker\" agent said: no, really")))));
    }

    @Test
    void planFeedsTheReportAsExpected() throws ScenarioException {
        ScenarioPlan plan = plan();
        assertEquals(Map.of("subscribers[0].clients", 1L, "message.size", 1024L), plan.points().get(0).parameters());
        assertEquals(2, plan.repeat());
    }

    @Test
    void markdownTableWithRepeatsShowsConfidenceHalfWidths() throws ScenarioException {
        // rates: mean ± t(0.975, 1) * sd / sqrt(2) = 12.706 * |a - b| / 2
        assertEquals("""
                | subscribers[0].clients | message.size | received msgs/s | dispatched msgs/s | overall msgs/s \
                | r expected | r measured | n_fltr | broker cores | valid |
                |---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|
                | 1 | 1024 | 110,000 ± 127,060 | 110,000 ± 127,060 | 220,000 ± 254,120 | 1.0000 | 0.9990 | 1 \
                | 1.60 | yes |
                | 2 | 1024 | 85,000 ± 63,530 | 170,000 ± 127,060 | 255,000 ± 190,590 | 2.0000 | 2.0000 | 2 \
                | 1.90 | NO (1/2) |
                """, SweepTable.render(twoPointsTwoRepeats()));
    }

    @Test
    void markdownTableWithoutRepeatsShowsMeansOnly() throws ScenarioException {
        ScenarioPlan plan = ScenarioLoader.parsePlan(SCENARIO.replace("repeat: 2", "repeat: 1"), "table.yaml",
                "table", List.of());
        Map<String, Object> p0 = plan.points().get(0).parameters();
        Map<String, Object> p1 = plan.points().get(1).parameters();
        Report report = report(plan, List.of(
                List.of(run(p0, 1, 100_000, 1, 1.0, 1.5, List.of())),
                List.of(run(p1, 1, 80_000, 2, Double.NaN, Double.NaN, List.of("no message was sent")))));
        String table = SweepTable.render(report);
        assertFalse(table.contains("±"), table);
        assertEquals("""
                | subscribers[0].clients | message.size | received msgs/s | dispatched msgs/s | overall msgs/s \
                | r expected | r measured | n_fltr | broker cores | valid |
                |---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|
                | 1 | 1024 | 100,000 | 100,000 | 200,000 | 1.0000 | 1.0000 | 1 | 1.50 | yes |
                | 2 | 1024 | 80,000 | 160,000 | 240,000 | 2.0000 | n/a | 2 | n/a | NO (0/1) |
                """, table);
    }

    @Test
    void csvHasOneRowPerMeasuredRun() throws ScenarioException {
        // the machine-readable format, sealed: columns, number format (6 significant digits), NaN as empty
        assertEquals("""
                point,repeat,subscribers[0].clients,message.size,received_msgs,received_rate,dispatched_msgs,\
                dispatched_rate,overall_rate,r_expected,r_measured,n_fltr,broker_cores,publisher_cores,\
                subscriber_cores,host_busy,drain,valid,invalid_reasons,received_ci95,dispatched_ci95,verdict,warmup_end,\
                warmup_s,window_end,precision
                0,1,1,1024,1000000,100000,1000000,100000,200000,1.00000,1.00000,1,1.50000,0.500000,0.250000,\
                0.900000,complete,true,"",5000.00,,valid,time,1.00000,time,
                0,2,1,1024,1200000,120000,1200000,120000,240000,1.00000,0.998000,1,1.70000,0.500000,0.250000,\
                0.900000,complete,true,"",6000.00,,valid,time,1.00000,time,
                1,1,2,1024,800000,80000.0,1600000,160000,240000,2.00000,2.00000,2,1.90000,0.500000,0.250000,\
                0.900000,complete,true,"",4000.00,,valid,time,1.00000,time,
                1,2,2,1024,900000,90000.0,1800000,180000,270000,2.00000,,2,,0.500000,0.250000,0.900000,quiet,false,\
                "drain ended quiet with 5 of 100 expected receipts missing; the ""broker"" agent said: no, really",\
                4500.00,,invalid,time,1.00000,time,
                """, SweepTable.csv(twoPointsTwoRepeats()));
    }

    @Test
    void csvQuotesParameterValuesWithCommas() throws ScenarioException {
        ScenarioPlan plan = ScenarioLoader.parsePlan("""
                message: {properties: 1}
                subscribers:
                  - {clients: 1, selector: "P1 = '#0'"}
                sweep:
                  subscribers[0].selector: ["P1 IN ('#0', '#1')"]
                """, "table.yaml", "table", List.of());
        Map<String, Object> p0 = plan.points().get(0).parameters();
        String csv = SweepTable.csv(report(plan, List.of(List.of(run(p0, 1, 1000, 1, 1.0, 1.0, List.of())))));
        String row = csv.lines().toList().get(1);
        assertTrue(row.startsWith("0,1,\"P1 IN ('#0', '#1')\",10000,1000.00,"), row);
    }

    private Report writeAndRead(Report report) throws IOException {
        Path file = dir.resolve(ReportWriter.JSON);
        Files.writeString(file, Json.MAPPER.writer().with(SerializationFeature.INDENT_OUTPUT).writeValueAsString(report));
        return ReportWriter.read(file);
    }

    @Test
    void reportJsonReadsBackWithTheSameContent() throws ScenarioException, IOException {
        Report report = twoPointsTwoRepeats();
        String json = Json.MAPPER.writer().with(SerializationFeature.INDENT_OUTPUT).writeValueAsString(report);
        // NaN (unknown) is written as the string "NaN", which JSON can carry, and read back as NaN
        assertTrue(json.contains("\"measured\" : \"NaN\""), json);
        Report back = writeAndRead(report);
        assertTrue(Double.isNaN(back.points().get(3).rates().replicationGrade().measured()));
        assertTrue(Double.isNaN(back.points().get(0).samples().get(0).brokerCores()));
        assertTrue(Double.isNaN(back.summary().get(1).brokerCores().sd()));
        // records compare doubles with Double.compare, so NaN equals NaN in these
        assertEquals(report.scenario(), back.scenario());
        assertEquals(report.environment(), back.environment());
        assertEquals(report.points().get(3).resources().cpu(), back.points().get(3).resources().cpu());
        assertEquals(report.points().get(3).samples(), back.points().get(3).samples());
        assertEquals(report.summary().get(1).measuredGrade(), back.summary().get(1).measuredGrade());
        // the same document again, and the same tables from it
        assertEquals(json, Json.MAPPER.writer().with(SerializationFeature.INDENT_OUTPUT).writeValueAsString(back));
        assertEquals(SweepTable.render(report), SweepTable.render(back));
        assertEquals(SweepTable.csv(report), SweepTable.csv(back));
    }

    @Test
    void reportJsonReadsBackEqual() throws ScenarioException, IOException {
        Report report = twoPointsTwoRepeats();
        Report back = writeAndRead(report);
        // sweep values are Longs in the plan (Sweep.plain); a JSON number read as Object must come back the same
        assertEquals(report.points().get(0).key().parameters().get("message.size").getClass(),
                back.points().get(0).key().parameters().get("message.size").getClass(),
                "type of a numeric sweep parameter after reading report.json back");
        assertEquals(report.sweep(), back.sweep());
        assertEquals(report, back);
    }

    @Test
    void reportWriterWritesWhatReadReads() throws ScenarioException, IOException {
        Report report = twoPointsTwoRepeats();
        ReportWriter.write(report, dir);
        assertEquals(SweepTable.csv(report), Files.readString(dir.resolve(ReportWriter.CSV)));
        Report back = ReportWriter.read(dir.resolve(ReportWriter.JSON));
        assertEquals(SweepTable.render(report), SweepTable.render(back));
        assertTrue(Files.readString(dir.resolve(ReportWriter.MARKDOWN)).contains(SweepTable.render(report)));
    }
}
