package io.jmsbench.scenario;

import java.time.Duration;

/** Every default value of a scenario, in one place. */
public final class Defaults {

    public static final String EMBEDDED_BROKER = BrokerSpec.ACTIVEMQ;
    public static final boolean BROKER_PERSISTENT = false;
    /**
     * The embedded broker's memory limit. ActiveMQ's default (70% of the heap) lets a saturated run
     * pile up ~500k messages before flow control holds publishers back, more than a drain delivers.
     */
    public static final long BROKER_MEMORY_LIMIT_MB = 64;
    public static final int MAX_DESTINATIONS = 10_000;
    public static final Provider PROVIDER = Provider.OPENWIRE;
    public static final DestinationSpec.DestinationType DESTINATION_TYPE = DestinationSpec.DestinationType.TOPIC;
    public static final String DESTINATION_NAME = "jmsbench";
    public static final MessageSpec.MessageType MESSAGE_TYPE = MessageSpec.MessageType.BYTES;
    public static final int MESSAGE_SIZE = 1024;
    public static final int MESSAGE_PROPERTIES = 0;
    public static final String PROPERTY_VALUE = "#0";
    public static final int PUBLISHER_CLIENTS = 1;
    public static final String PUBLISH_RATE = PublisherSpec.MAX_RATE;
    public static final int SUBSCRIBER_CLIENTS = 1;
    public static final boolean DELIVERY_PERSISTENT = false;
    public static final DeliverySpec.AckMode ACK = DeliverySpec.AckMode.AUTO;
    /** Throughput on two cores still climbs 20-25 s into a run: capacity runs warm up at least this long. */
    public static final Duration WARMUP = Duration.ofSeconds(20);
    public static final Duration MEASURE = Duration.ofSeconds(60);
    public static final Duration DRAIN = Duration.ofSeconds(10);

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

    private Defaults() {
    }
}
