package io.jmsbench.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.jmsbench.metrics.AuditCounts;
import io.jmsbench.model.ModelInputs;
import io.jmsbench.protocol.ClientCount;
import io.jmsbench.verdict.Finding;
import io.jmsbench.verdict.Verdict;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One measured point, in groups that {@code report.json} flattens (each group's fields are the
 * point's own keys there): which point it is, the judge's verdict, when its phases ran, its
 * rates, what became of its messages, the resources it used, its per-second samples and its own
 * environment, and its payload bytes ({@code null} in reports from before they were counted).
 * Rates are over the measurement window only (warm-up and drain excluded); the replication grade
 * is measured over the whole run once drained, so no message in flight at a window edge skews it.
 */
public record PointResult(@JsonUnwrapped Key key, @JsonUnwrapped Judgement judgement, @JsonUnwrapped Timing timing,
                          @JsonUnwrapped Rates rates, @JsonUnwrapped Delivery delivery,
                          @JsonUnwrapped Resources resources, List<IntervalSample> samples,
                          PointEnvironment environment,
                          @JsonInclude(JsonInclude.Include.NON_NULL) MessageSizes sizes,
                          @JsonInclude(JsonInclude.Include.NON_EMPTY) List<GroupRate> publisherGroups,
                          @JsonInclude(JsonInclude.Include.NON_NULL) ClosedLoop closedLoop) {

    public PointResult {
        publisherGroups = publisherGroups == null ? List.of() : List.copyOf(publisherGroups);
    }

    /**
     * A point whose publishers are one group, without its payload bytes. Kept while
     * bench-controller's ModelFitsTest builds its points so; new code uses {@link #builder()}.
     */
    public PointResult(Key key, Judgement judgement, Timing timing, Rates rates, Delivery delivery, Resources resources,
                       List<IntervalSample> samples, PointEnvironment environment) {
        this(key, judgement, timing, rates, delivery, resources, samples, environment, null, List.of(), null);
    }

    /** A point built group by group, every group to be given (sizes and publisher groups may stay unset). */
    public static PointResultBuilder builder() {
        return new PointResultBuilder();
    }

    /** A builder holding this point's groups, to change some of them. */
    public PointResultBuilder toBuilder() {
        return new PointResultBuilder().key(key).judgement(judgement).timing(timing).rates(rates).delivery(delivery)
                .resources(resources).samples(samples).environment(environment).sizes(sizes)
                .publisherGroups(publisherGroups).closedLoop(closedLoop);
    }

    /** Which point: its sweep values and its repeat. */
    public record Key(Map<String, Object> parameters, int repeat) {
    }

    /**
     * The judge's typed {@code findings} and the {@code verdict} that follows from them
     * ({@code valid} holds for a valid verdict only); {@code invalidReasons} holds the sentences of
     * the invalid and unverified findings and {@code labels} those of the notes, for readers of the
     * first reports.
     */
    public record Judgement(boolean valid, List<String> invalidReasons, List<String> labels, List<Finding> findings,
                            Verdict verdict) {

        /** A report written before findings had codes gets them back from its sentences. */
        public Judgement {
            findings = List.copyOf(findings != null ? findings : ModelInputs.legacyFindings(
                    invalidReasons == null ? List.of() : invalidReasons, labels == null ? List.of() : labels));
        }
    }

    /** When each phase's edges were reached, and how the warm-up and the window ended. */
    public record Timing(PhaseTimes phases, Windows windows) {
    }

    /**
     * The window's received and dispatched rates, their sum (the paper's capacity figure), the
     * replication grade and the number of installed filters.
     */
    public record Rates(RateFigure received, RateFigure dispatched, double overallRate,
                        ReplicationGrade replicationGrade, int filters) {

        /**
         * The precision the window's rates reached: the larger of the received and dispatched rates'
         * 95% half-width over the rate; NaN without an interval.
         */
        public double precisionReached() {
            double r = received == null ? Double.NaN : received.ci95() / received.rate();
            double d = dispatched == null ? Double.NaN : dispatched.ci95() / dispatched.rate();
            return Double.isNaN(r) || Double.isNaN(d) ? Double.NaN : Math.max(r, d);
        }
    }

    /**
     * What became of the point's messages: whole-run totals, the drain, the stream audit, the
     * window's latency, the broker's own counts ({@code null} when not read), each fault's outcome,
     * with late, leaving or slow subscribers the backlog's figures, with a time to live what
     * expired apart from what was lost (the audit's {@code lost} is then what the expiry does not
     * explain), and with requesters their requests, replies and round trips ({@code null} otherwise).
     */
    public record Delivery(Totals totals, Drain drain, AuditCounts audit, LatencyFigures latency,
                           BrokerCounts brokerCounts, List<FaultOutcome> faults,
                           @JsonInclude(JsonInclude.Include.NON_NULL) BacklogFigures backlog,
                           @JsonInclude(JsonInclude.Include.NON_NULL) ExpiryFigures expiry,
                           @JsonInclude(JsonInclude.Include.NON_NULL) RoundTrip roundTrip) {

        public Delivery {
            faults = faults == null ? List.of() : List.copyOf(faults); // reports before faults
        }

        /** Without a backlog, an expiry or requesters (bench-controller's ModelFitsTest builds these). */
        public Delivery(Totals totals, Drain drain, AuditCounts audit, LatencyFigures latency,
                        BrokerCounts brokerCounts, List<FaultOutcome> faults) {
            this(totals, drain, audit, latency, brokerCounts, faults, null, null, null);
        }
    }

    /** CPU over the window, the broker JVM's footprint, the agents' and the spread over clients. */
    public record Resources(CpuFigures cpu, BrokerResources broker, AgentFootprint agents, ClientSpread clients) {
    }

    /**
     * Messages counted in the measurement window, their rate over its length in seconds, and the
     * half-width of the rate's 95% confidence interval by batch means over the window's seconds
     * ({@link io.jmsbench.stats.BatchMeans}; NaN when the window has too few seconds).
     */
    public record RateFigure(long messages, double rate, double seconds, double ci95) {

        /** Without an interval; bench-controller's run code builds these (Deltas, WindowFigures). */
        public RateFigure(long messages, double rate, double seconds) {
            this(messages, rate, seconds, Double.NaN);
        }

        public RateFigure withCi95(double halfWidth) {
            return new RateFigure(messages, rate, seconds, halfWidth);
        }
    }

    /** Expected from the scenario's selectors; measured as dispatched / received over the whole run. */
    public record ReplicationGrade(double expected, double measured) {
    }

    /**
     * Whole-run counts: sends and receipts in every phase, errors on each side, and every client's
     * own counts (messages, errors, last error: a send refused by flow control shows here).
     */
    public record Totals(long sent, long received, long sendErrors, long receiveErrors, String lastSendError,
                         String lastReceiveError, List<ClientCount> publisherClients,
                         List<ClientCount> subscriberClients) {

        /** Without per-client counts (bench-controller's ModelFitsTest builds these). */
        public Totals(long sent, long received, long sendErrors, long receiveErrors, String lastSendError,
                      String lastReceiveError) {
            this(sent, received, sendErrors, receiveErrors, lastSendError, lastReceiveError, List.of(), List.of());
        }
    }

    /** How the drain ended, how long it took, and the receipts it expected and counted. */
    public record Drain(DrainEnd outcome, double seconds, long expectedMessages, long receivedMessages) {

        /** A point that ended before its drain: the receipts counted by then. */
        public static Drain notReached(long received) {
            return new Drain(DrainEnd.NOT_REACHED, 0, 0, received);
        }
    }

    /**
     * Cores used on average over the measurement window ({@code NaN} when unknown), the host's busy
     * share, the broker's share of the CPU the broker and the agents used together, and the
     * controller's own cores (part of what the harness costs when it shares the broker's host),
     * and on one host what ran on each partition of its CPUs (the whole host as one when shared;
     * empty when the roles ran on machines of their own).
     */
    public record CpuFigures(int hostCores, double brokerCores, double publisherCores, double subscriberCores,
                             double hostBusy, double brokerShare, double controllerCores,
                             List<PartitionFigures> partitions) {

        public CpuFigures {
            partitions = partitions == null ? List.of() : List.copyOf(partitions); // reports before partitions
        }

        /** Without the controller's cores and partitions (bench-controller's ModelFitsTest builds these). */
        public CpuFigures(int hostCores, double brokerCores, double publisherCores, double subscriberCores,
                          double hostBusy, double brokerShare) {
            this(hostCores, brokerCores, publisherCores, subscriberCores, hostBusy, brokerShare, Double.NaN, List.of());
        }

        /** The partition holding {@code name}'s role; {@code null} when none does. */
        public PartitionFigures partition(String name) {
            return partitions.stream().filter(p -> p.name().equals(name)).findFirst().orElse(null);
        }
    }

    /** The broker JVM's footprint: resident memory at the window's end, disk and host network traffic in it. */
    public record BrokerResources(long rssBytes, long diskReadBytes, long diskWriteBytes, long networkBytes) {
    }

    /**
     * What the agent JVMs held at the window's end (heap in use, live threads) and how long the
     * clients took to connect and be ready, from the start of this point ({@code NaN} unknown).
     */
    public record AgentFootprint(double readySeconds, long publisherHeapBytes, int publisherThreads,
                                 long subscriberHeapBytes, int subscriberThreads) {
    }

    /** Slowest and fastest client of each role over the measurement window, msgs/s. */
    public record ClientSpread(double publisherMinRate, double publisherMaxRate, double subscriberMinRate,
                               double subscriberMaxRate) {
    }

    /**
     * How the warm-up and the window ended ({@code null}: never ended), how long the warm-up took,
     * where MSER-5 put the end of the start-up transient (NaN where nothing looked), and the
     * half-width over the mean an auto window asked for (NaN for a fixed one).
     */
    public record Windows(WarmupEnd warmupEnd, double warmupSeconds, double transientSeconds, WindowEnd windowEnd,
                          double precisionTarget) {

        public static final Windows NONE = new Windows(null, Double.NaN, Double.NaN, null, Double.NaN);

        /** One line on how the warm-up and the window ended, with the precision the window reached. */
        public String describe(double reached) {
            if (warmupEnd == null) {
                return "the warm-up never ended";
            }
            String warmup = switch (warmupEnd) {
                case STEADY -> String.format(Locale.ROOT, "warm-up auto, steady after %.0f s (MSER-5: "
                        + "start-up transient %.0f s)", warmupSeconds, transientSeconds);
                case BOUND -> String.format(Locale.ROOT, "warm-up auto, NOT steady at its bound, %.0f s",
                        warmupSeconds);
                case TIME -> String.format(Locale.ROOT, "warm-up %.0f s", warmupSeconds);
                case CONVERGED -> String.format(Locale.ROOT, "closed loop converged after %.0f s", warmupSeconds);
                case NOT_CONVERGED -> String.format(Locale.ROOT, "closed loop NOT converged after %.0f s",
                        warmupSeconds);
            };
            String precision = Double.isNaN(reached) ? "no interval"
                    : String.format(Locale.ROOT, "±%.1f%%", 100 * reached);
            String window = windowEnd == null ? "the window never ended" : switch (windowEnd) {
                case PRECISION -> String.format(Locale.ROOT, "window auto, ended at %s (asked ±%.1f%%)",
                        precision, 100 * precisionTarget);
                case BOUND -> String.format(Locale.ROOT, "window auto, ended at its bound at %s (asked "
                        + "±%.1f%%)", precision, 100 * precisionTarget);
                case MESSAGES -> "window ended at its message count, " + precision;
                case TIME -> "window ended at its time, " + precision;
                case CUT -> "the window was cut short";
            };
            return warmup + "; " + window;
        }
    }

    /** Wall-clock instants (ISO-8601 UTC) of the phase edges; {@code null} for a phase never reached. */
    public record PhaseTimes(String clientsReady, String publishStart, String measureStart, String measureEnd,
                             String publishStop, String drainEnd) {
    }
}
