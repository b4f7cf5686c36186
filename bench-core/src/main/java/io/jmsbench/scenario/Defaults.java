package io.jmsbench.scenario;

import java.time.Duration;

/**
 * Every default value of a scenario, in one place: what a field holds when the file leaves it out.
 * A field whose absence means "not set" (the broker's or the provider's own default) has no entry
 * here: it reads as {@code null}.
 */
public final class Defaults {

    /** The name when the file's own name is not a valid one (a name names the results directory). */
    public static final String SCENARIO_NAME = "scenario";
    public static final String DESCRIPTION = "";
    public static final String EMBEDDED_BROKER = BrokerSpec.ACTIVEMQ;
    public static final boolean BROKER_PERSISTENT = false;
    /** A fresh broker per point, so that one point's backlog cannot pollute the next. */
    public static final boolean BROKER_REUSE = false;
    /** {@code broker.tls.verifyHost}: the broker's certificate must name the URL's host. */
    public static final boolean TLS_VERIFY_HOST = true;
    /**
     * The embedded broker's memory limit. ActiveMQ's default (70% of the heap) lets a saturated run
     * pile up ~500k messages before flow control holds publishers back, more than a drain delivers.
     */
    public static final long BROKER_MEMORY_LIMIT_MB = 64;
    /** ActiveMQ's own default: a broker at its memory limit holds publishers back. */
    public static final boolean PRODUCER_FLOW_CONTROL = true;
    /** ActiveMQ's own default: a send at the limit waits rather than fails. */
    public static final boolean SEND_FAIL_IF_NO_SPACE = false;
    /**
     * Artemis's counterpart of producer flow control: a saturated run reaches a steady state instead
     * of paging a backlog to disk that no drain of a few seconds can deliver.
     */
    public static final BrokerTuning.AddressFullPolicy ADDRESS_FULL_POLICY = BrokerTuning.AddressFullPolicy.BLOCK;
    public static final int MAX_DESTINATIONS = 10_000;
    public static final Provider PROVIDER = Provider.OPENWIRE;
    public static final DestinationSpec.DestinationType DESTINATION_TYPE = DestinationSpec.DestinationType.TOPIC;
    public static final String DESTINATION_NAME = "jmsbench";
    public static final int DESTINATION_COUNT = 1;
    public static final MessageSpec.MessageType MESSAGE_TYPE = MessageSpec.MessageType.BYTES;
    public static final int MESSAGE_SIZE = 1024;
    public static final int MESSAGE_PROPERTIES = 0;
    public static final String PROPERTY_VALUE = "#0";
    /**
     * Messages carry publisher, sequence number and send time, for the audit and the latency. On
     * OpenWire they ride in a bytes message's body, so the broker handles exactly the scenario's
     * message; what the stamps cost against the plainest JMS loop is measured in docs/performance.md
     * ("Against the plainest JMS loops").
     */
    public static final boolean MESSAGE_STAMPED = true;
    /** {@code message.vary.from}: the first varied value is "#1" ({@code to} defaults to {@code from}). */
    public static final int VARY_FROM = 1;
    public static final int PUBLISHER_CLIENTS = 1;
    public static final PublishRate PUBLISH_RATE = PublishRate.MAX;
    /** Largest total rate accepted, in msgs/s: a guard against typos, far above any broker measured here. */
    public static final double MAX_PUBLISH_RATE = 1e9;
    public static final int SUBSCRIBER_CLIENTS = 1;
    /** An AND filter's discriminating component stands first unless {@code position} says otherwise. */
    public static final FilterSpec.AndPosition AND_POSITION = FilterSpec.AndPosition.FIRST;
    /** The publishers' test hook ({@code faults.dropEvery}, {@code faults.repeatEvery}): 0, never. */
    public static final int FAULT_EVERY = 0;
    public static final boolean DELIVERY_PERSISTENT = false;
    public static final DeliverySpec.AckMode ACK = DeliverySpec.AckMode.AUTO;
    public static final boolean DURABLE = false;
    /** {@code ack: client} acknowledges every message unless told to batch. */
    public static final int ACK_EVERY = 1;
    /** {@code ack: transacted} commits every message unless told to batch. */
    public static final int TRANSACTION_SIZE = 1;
    /** Persistent sends wait for the broker, as both providers do by default. */
    public static final boolean ASYNC_SEND = false;
    /** {@code warmup: auto} unless told: the warm-up ends when the rates are steady (MSER-5). */
    public static final boolean WARMUP_AUTO = true;
    /** An auto warm-up's bound is never shorter: MSER-5 needs three 5 s batches to say anything. */
    public static final Duration MIN_AUTO_WARMUP = Duration.ofSeconds(15);
    /** {@code maxWarmup}: an auto warm-up not steady by then leaves the point invalid. */
    public static final Duration MAX_WARMUP = Duration.ofMinutes(2);
    /** {@code measure: auto} unless told: the window ends when its rates are known to {@link #PRECISION}. */
    public static final boolean MEASURE_AUTO = true;
    /** {@code maxMeasure}: an auto window ends here, precise enough or not. */
    public static final Duration MAX_MEASURE = Duration.ofMinutes(5);
    /** {@code precision}: the 95% interval's half-width relative to the mean rate, for an auto window. */
    public static final double PRECISION = 0.05;
    /** An auto window is never shorter: a few seconds' interval could be narrow by luck. */
    public static final Duration MIN_AUTO_MEASURE = Duration.ofSeconds(10);
    public static final Duration DRAIN = Duration.ofSeconds(10);
    /** How long a scheduled fault keeps the broker down unless {@code downFor} says otherwise. */
    public static final Duration FAULT_DOWN_FOR = Duration.ofSeconds(2);
    /** {@code phases.messages}: 0, no count; the window is bounded by {@code measure} alone. */
    public static final int MEASURE_MESSAGES = 0;
    public static final int REPEAT = 1;
    /** {@code search.from}: the first fixed rate a search tries, msgs/s, the lowest it can answer. */
    public static final double SEARCH_FROM = 1000;
    /** {@code search.maxPoints}: every point a search runs, its confirming repeat included. */
    public static final int SEARCH_MAX_POINTS = 10;
    /** A search needs its saturated probe, a step and the step's confirming repeat at least. */
    public static final int SEARCH_MIN_POINTS = 3;
    public static final int SEARCH_MAX_POINTS_LIMIT = 100;
    /** A sweep range {@code {from, to, step}} without a step counts up by one. */
    public static final int SWEEP_STEP = 1;
    /** A sweep range without {@code from} or {@code to} reads it as 0 (a fallback nothing measured). */
    public static final int SWEEP_FROM = 0;
    public static final int SWEEP_TO = 0;

    /** A warm-up shorter than this makes the report say the point was not warmed up. */
    public static final Duration MIN_WARMED_UP = Duration.ofSeconds(20);

    /** Paper §3.3: a capacity point needs the broker at >= 95% CPU ... */
    public static final double BROKER_CPU_MIN = 0.95;
    /** ... and every client machine below 75%. */
    public static final double CLIENT_CPU_MAX = 0.75;
    /** Latency across hosts is flagged when the clocks' uncertainty is above this fraction of its median. */
    public static final double CLOCK_UNCERTAINTY_MAX = 0.10;
    public static final int MAX_REPEAT = 1000;
    public static final int MAX_SWEEP_POINTS = 10_000;

    /** Largest message payload accepted, to keep a typo from asking for gigabytes per client. */
    public static final int MAX_MESSAGE_SIZE = 64 * 1024 * 1024;
    public static final int MAX_PROPERTIES = 1000;
    public static final int MAX_CLIENTS_PER_GROUP = 100_000;
    /** Message variants a publisher cycles through (each is a prepared message per client). */
    public static final int MAX_VARIANTS = 10_000;

    /**
     * Sizes drawn for a varying {@code message.size}: each publisher client prepares one message per
     * drawn size and sends them round robin, so the send loop draws nothing. 1000 sizes put every
     * percentile up to the 99th within about a percent of the distribution's (a 1-in-1000 tail
     * shows once); fewer when their bodies would pass {@link #SIZE_TABLE_BYTES}.
     */
    public static final int SIZE_TABLE_LENGTH = 1000;
    /** Fewest sizes drawn: a distribution whose mean needs fewer to stay under the bytes is refused. */
    public static final int SIZE_TABLE_MIN_LENGTH = 64;
    /**
     * Body bytes one client's prepared messages hold: 16 MiB, held about twice per client (the
     * message and, on OpenWire, its stamping copy), so 10 clients in one agent JVM take some 320 MiB.
     */
    public static final long SIZE_TABLE_BYTES = 16L << 20;
    /** The seed of the size table's draw: every run of a scenario sends the same sizes in the same order. */
    public static final long SIZE_SEED = 35;
    /** Files of {@code message.size.files}: each is a prepared message per client. */
    public static final int MAX_SIZE_FILES = 1000;
    /**
     * Bytes of all files of {@code message.size.files} together: they travel to each agent inside its
     * plan, whose request body the agent takes up to 4 MiB of (base64 makes 2 MiB about 2.7).
     */
    public static final long MAX_SIZE_FILES_BYTES = 2L << 20;

    private Defaults() {
    }

    /** The longest time a subscriber may spend on one message ({@code subscribers[].processing}): 10 s. */
    public static final long MAX_PROCESSING_NANOS = 10_000_000_000L;

    /** How many processing times a subscriber cycles through when they vary. */
    public static final int PROCESSING_TABLE_LENGTH = 1000;
}
