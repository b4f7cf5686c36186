package io.jmsbench.broker;

import io.jmsbench.Versions;
import io.jmsbench.report.BrokerCounts;
import io.jmsbench.scenario.BrokerTuning;
import io.jmsbench.jms.TlsClients;
import org.apache.activemq.broker.BrokerService;
import org.apache.activemq.broker.SslContext;
import org.apache.activemq.broker.TransportConnector;
import org.apache.activemq.broker.region.Destination;
import org.apache.activemq.broker.region.DestinationStatistics;
import org.apache.activemq.broker.region.policy.PolicyEntry;
import org.apache.activemq.broker.region.policy.PolicyMap;
import org.apache.activemq.command.ActiveMQDestination;
import org.apache.activemq.store.kahadb.KahaDBPersistenceAdapter;
import org.apache.activemq.usage.SystemUsage;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * ActiveMQ Classic configured for a benchmark: an OpenWire and an AMQP connector on free ports of
 * {@code host}, JMX off, KahaDB under {@code dataDirectory} when persistent, and a memory limit
 * small enough that producer flow control bounds the backlog a saturated run builds up (the
 * default, 70% of the heap, lets half a million messages pile up before publishers are held back,
 * which no drain of a few seconds can deliver).
 */
public final class EmbeddedBroker implements ServedBroker {

    private static final long MB = 1024L * 1024;

    private final BrokerService service;
    private final TransportConnector openwire;
    private final TransportConnector amqp;
    private final boolean tls;

    public EmbeddedBroker(String host, Path dataDirectory, boolean persistent, BrokerTuning tuning) throws Exception {
        this(host, dataDirectory, persistent, tuning, BrokerPorts.ANY, false);
    }

    /**
     * On {@code ports} (a broker started again takes the ports it had); {@code persistRedelivered}:
     * the redelivered flag written to the store before a dispatch, so that a message delivered before
     * a crash and again after it says so (ActiveMQ's persistJMSRedelivered, a store write per dispatch).
     */
    public EmbeddedBroker(String host, Path dataDirectory, boolean persistent, BrokerTuning tuning, BrokerPorts ports,
                          boolean persistRedelivered) throws Exception {
        this(host, dataDirectory, persistent, tuning, ports, persistRedelivered, null);
    }

    /**
     * As above; with {@code tls}, the connectors are OpenWire over TLS ({@code ssl://}) and AMQP over
     * TLS ({@code amqp+ssl://}, which clients reach as {@code amqps://}), asking for a client
     * certificate when {@code tls} has a truststore.
     */
    public EmbeddedBroker(String host, Path dataDirectory, boolean persistent, BrokerTuning tuning, BrokerPorts ports,
                          boolean persistRedelivered, ServerTls tls) throws Exception {
        this.tls = tls != null;
        service = new BrokerService();
        service.setBrokerName("jmsbench");
        service.setUseJmx(false);
        service.setUseShutdownHook(false);
        service.setSchedulerSupport(tuning.schedulerSupport()); // delivery delays over OpenWire and AMQP
        service.setDataDirectoryFile(dataDirectory.toFile());
        service.setTmpDataDirectory(dataDirectory.resolve("tmp").toFile());
        service.setPersistent(persistent);
        service.getSystemUsage().getMemoryUsage().setLimit(tuning.memoryLimitMb() * MB);
        if (tuning.storeLimitMb() != null) {
            service.getSystemUsage().getStoreUsage().setLimit(tuning.storeLimitMb() * MB);
        }
        if (tuning.tempLimitMb() != null) {
            service.getSystemUsage().getTempUsage().setLimit(tuning.tempLimitMb() * MB);
        }
        service.getSystemUsage().setSendFailIfNoSpace(tuning.sendFailIfNoSpace());
        if (tuning.sendFailIfNoSpaceAfterTimeout() != null) {
            service.getSystemUsage().setSendFailIfNoSpaceAfterTimeout(tuning.sendFailIfNoSpaceAfterTimeout().toMillis());
        }
        PolicyEntry everyDestination = new PolicyEntry();
        everyDestination.setProducerFlowControl(tuning.producerFlowControl());
        everyDestination.setPersistJMSRedelivered(persistRedelivered);
        PolicyMap policies = new PolicyMap();
        policies.setDefaultEntry(everyDestination);
        service.setDestinationPolicy(policies);
        if (persistent) {
            KahaDBPersistenceAdapter kahaDb = new KahaDBPersistenceAdapter();
            kahaDb.setDirectory(new File(dataDirectory.toFile(), "kahadb"));
            if (tuning.journalDiskSyncs() != null) {
                kahaDb.setEnableJournalDiskSyncs(tuning.journalDiskSyncs());
            }
            if (tuning.preallocationStrategy() != null) {
                kahaDb.setPreallocationStrategy(tuning.preallocationStrategy().yamlName());
            }
            if (tuning.journalMaxFileLengthMb() != null) {
                kahaDb.setJournalMaxFileLength((int) Math.min(Integer.MAX_VALUE, tuning.journalMaxFileLengthMb() * MB));
            }
            service.setPersistenceAdapter(kahaDb);
        }
        if (tls == null) {
            openwire = service.addConnector("tcp://" + host + ":" + ports.openwire());
            amqp = service.addConnector("amqp://" + host + ":" + ports.amqp());
        } else {
            TlsClients.Managers managers = tls.managers();
            service.setSslContext(new SslContext(managers.keys(), managers.trust(), null));
            String query = tls.needClientAuth() ? "?transport.needClientAuth=true" : "";
            openwire = service.addConnector("ssl://" + host + ":" + ports.openwire() + query);
            amqp = service.addConnector("amqp+ssl://" + host + ":" + ports.amqp() + query);
        }
        service.start();
        if (!service.waitUntilStarted()) {
            throw new IllegalStateException("the broker did not start");
        }
    }

    @Override
    public String openwireUrl() {
        return connectUri(openwire);
    }

    @Override
    public String amqpUrl() {
        return tls ? connectUri(amqp).replaceFirst("^amqp\\+ssl:", "amqps:") : connectUri(amqp);
    }

    /** ActiveMQ Classic has no CORE acceptor. */
    @Override
    public String coreUrl() {
        return null;
    }

    @Override
    public String version() {
        return Versions.ACTIVEMQ;
    }

    /** The connector's scheme, host and port: its query holds server options, no client's business. */
    private static String connectUri(TransportConnector connector) {
        try {
            return connector.getConnectUri().toString().replaceFirst("\\?.*$", "");
        } catch (IOException | URISyntaxException e) {
            throw new IllegalStateException("a started connector has no address: " + e.getMessage(), e);
        }
    }

    /**
     * The destinations' own statistics, summed over every destination but ActiveMQ's own
     * ({@code ActiveMQ.Advisory.*} and the like): what the broker itself says it took in and gave out.
     */
    @Override
    public BrokerCounts counts() throws Exception {
        long enqueued = 0, dequeued = 0, dispatched = 0, inFlight = 0, remaining = 0, expired = 0;
        for (Map.Entry<ActiveMQDestination, Destination> e : service.getBroker().getDestinationMap().entrySet()) {
            if (e.getKey().getPhysicalName().startsWith("ActiveMQ.")) {
                continue;
            }
            DestinationStatistics s = e.getValue().getDestinationStatistics();
            enqueued += s.getEnqueues().getCount();
            dequeued += s.getDequeues().getCount();
            dispatched += s.getDispatched().getCount();
            inFlight += s.getInflight().getCount();
            remaining += s.getMessages().getCount();
            expired += s.getExpired().getCount();
        }
        return new BrokerCounts("activemq destination statistics", enqueued, dequeued, dispatched, inFlight,
                remaining, expired);
    }

    /**
     * The system usage's limits and each destination's holdings, read from the broker's own objects
     * (JMX is off): a destination's producers are held back when flow control is on and its memory,
     * or the broker's memory, store or temp limit, is full.
     */
    @Override
    public BrokerState state() throws Exception {
        SystemUsage usage = service.getSystemUsage();
        boolean systemFull = usage.getMemoryUsage().isFull() || usage.getStoreUsage().isFull()
                || usage.getTempUsage().isFull();
        List<BrokerState.DestinationState> destinations = new ArrayList<>();
        for (Map.Entry<ActiveMQDestination, Destination> e : service.getBroker().getDestinationMap().entrySet()) {
            if (e.getKey().getPhysicalName().startsWith("ActiveMQ.")) {
                continue;
            }
            Destination d = e.getValue();
            DestinationStatistics s = d.getDestinationStatistics();
            destinations.add(new BrokerState.DestinationState(e.getKey().isTopic() ? "topic" : "queue",
                    e.getKey().getPhysicalName(), s.getMessages().getCount(), s.getConsumers().getCount(),
                    s.getProducers().getCount(), d.getMemoryUsage().getPercentUsage(), s.getBlockedSends().getCount(),
                    d.isProducerFlowControl() && (systemFull || d.getMemoryUsage().isFull())));
        }
        return new BrokerState(usage.getMemoryUsage().getPercentUsage(),
                service.isPersistent() ? usage.getStoreUsage().getPercentUsage() : -1,
                usage.getTempUsage().getPercentUsage(), destinations);
    }

    @Override
    public void close() throws Exception {
        service.stop();
        service.waitUntilStopped();
    }
}
