package io.jmsbench.broker;

import io.jmsbench.report.BrokerCounts;
import io.jmsbench.scenario.BrokerTuning;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.paging.PagingManager;
import org.apache.activemq.artemis.core.paging.PagingStore;
import org.apache.activemq.artemis.core.server.ActiveMQServer;
import org.apache.activemq.artemis.core.server.ActiveMQServers;
import org.apache.activemq.artemis.core.server.Queue;
import org.apache.activemq.artemis.core.server.impl.AddressInfo;
import org.apache.activemq.artemis.core.settings.impl.AddressFullMessagePolicy;
import org.apache.activemq.artemis.spi.core.remoting.Acceptor;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Apache Artemis configured for a benchmark: a CORE, an AMQP and an OpenWire acceptor on free ports of
 * {@code host}, JMX and security off, an NIO journal under {@code dataDirectory} when persistent, and
 * the memory limit as the global max size of all addresses, where the address-full policy (BLOCK
 * unless the tuning says otherwise) holds publishers back as ActiveMQ's producer flow control does.
 */
public final class EmbeddedArtemis implements ServedBroker {

    private static final long START_TIMEOUT_S = 30;
    /** Artemis binds the ports it is given and reports none it chose, so ports are picked before the start. */
    private static final int START_ATTEMPTS = 3;
    private static final List<String> PROTOCOLS = List.of("CORE", "AMQP", "OPENWIRE");

    /*
     * Artemis's audit loggers log every send and delivery at INFO, which its own distribution turns
     * off in log4j2.properties; through slf4j-simple at INFO they would write a line per message to
     * the broker's log. slf4j-simple reads a logger's level when the logger is made, after this.
     */
    static {
        String key = "org.slf4j.simpleLogger.log.org.apache.activemq.audit";
        if (System.getProperty(key) == null) {
            System.setProperty(key, "off");
        }
    }

    private final ActiveMQServer server;
    private final String host;
    private final List<Integer> ports;
    private final boolean tls;

    private EmbeddedArtemis(ActiveMQServer server, String host, List<Integer> ports, boolean tls) {
        this.server = server;
        this.host = host;
        this.ports = ports;
        this.tls = tls;
    }

    /** Starts a broker and returns once every acceptor serves. */
    public static EmbeddedArtemis start(String host, Path dataDirectory, boolean persistent, BrokerTuning tuning)
            throws Exception {
        return start(host, dataDirectory, persistent, tuning, BrokerPorts.ANY, false);
    }

    /**
     * As {@link #start(String, Path, boolean, BrokerTuning)}, on {@code given} ports unless they are
     * {@link BrokerPorts#ANY}; {@code persistRedelivered}: a message's delivery count is written to
     * the journal before each delivery, so that one delivered before a crash and again after it is
     * flagged redelivered (Artemis's persist-delivery-count-before-delivery, a journal write per
     * delivery), as ActiveMQ's persistJMSRedelivered does.
     */
    public static EmbeddedArtemis start(String host, Path dataDirectory, boolean persistent, BrokerTuning tuning,
                                        BrokerPorts given, boolean persistRedelivered) throws Exception {
        return start(host, dataDirectory, persistent, tuning, given, persistRedelivered, null);
    }

    /**
     * As above; with {@code tls}, every acceptor speaks TLS only (clients reach CORE with
     * {@code sslEnabled=true}, AMQP as {@code amqps://}, OpenWire as {@code ssl://}), and asks for a
     * client certificate when {@code tls} has a truststore.
     */
    public static EmbeddedArtemis start(String host, Path dataDirectory, boolean persistent, BrokerTuning tuning,
                                        BrokerPorts given, boolean persistRedelivered, ServerTls tls) throws Exception {
        if (tls != null) {
            tls.managers(); // a store that cannot be read is told here, in one sentence
        }
        Exception last = null;
        for (int attempt = 1; attempt <= START_ATTEMPTS; attempt++) {
            List<Integer> ports = given.any() ? freePorts(host, PROTOCOLS.size())
                    : List.of(given.core(), given.amqp(), given.openwire());
            ActiveMQServer server = ActiveMQServers.newActiveMQServer(
                    ArtemisConfiguration.of(host, PROTOCOLS, ports, dataDirectory, persistent, tuning), persistent);
            server.getConfiguration().setPersistDeliveryCountBeforeDelivery(persistRedelivered);
            if (tls != null) {
                server.getConfiguration().getAcceptorConfigurations().forEach(a -> a.getParams().putAll(ArtemisConfiguration.tlsParams(tls)));
            }
            try {
                startAndCheck(server);
                return new EmbeddedArtemis(server, host, ports, tls != null);
            } catch (Exception e) {
                last = e;
                server.stop();
            }
        }
        throw last;
    }

    private static void startAndCheck(ActiveMQServer server) throws Exception {
        server.start();
        if (!server.waitForActivation(START_TIMEOUT_S, TimeUnit.SECONDS)) {
            throw new IllegalStateException("Artemis did not become active within " + START_TIMEOUT_S + " s");
        }
        requireAcceptorsStarted(server);
    }

    /** Artemis logs an acceptor that could not bind and starts without it: that is a failed start here. */
    private static void requireAcceptorsStarted(ActiveMQServer server) {
        for (String protocol : PROTOCOLS) {
            Acceptor acceptor = server.getRemotingService().getAcceptor(protocol.toLowerCase(Locale.ROOT));
            if (acceptor == null || !acceptor.isStarted()) {
                throw new IllegalStateException("the " + protocol + " acceptor did not start");
            }
        }
    }

    /** {@code count} distinct ports free on {@code host} now, each held until all are found. */
    private static List<Integer> freePorts(String host, int count) throws IOException {
        List<ServerSocket> held = new ArrayList<>();
        try {
            List<Integer> ports = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(host));
                held.add(socket);
                ports.add(socket.getLocalPort());
            }
            return ports;
        } finally {
            for (ServerSocket socket : held) {
                socket.close();
            }
        }
    }

    @Override
    public String coreUrl() {
        return "tcp://" + host + ":" + ports.get(PROTOCOLS.indexOf("CORE"));
    }

    @Override
    public String amqpUrl() {
        return (tls ? "amqps://" : "amqp://") + host + ":" + ports.get(PROTOCOLS.indexOf("AMQP"));
    }

    @Override
    public String openwireUrl() {
        return (tls ? "ssl://" : "tcp://") + host + ":" + ports.get(PROTOCOLS.indexOf("OPENWIRE"));
    }

    @Override
    public String version() {
        return server.getVersion().getFullVersion();
    }

    /**
     * Messages in: every message sent to the clients' addresses, routed or not (Artemis's own
     * addresses left out). Out: the queues' acknowledgements, deliveries and holdings, known only
     * where every address is anycast; a topic's subscription queues end with their consumers, so
     * by the time the broker stops their counts are gone, and out is {@link BrokerCounts#UNKNOWN}.
     */
    @Override
    public BrokerCounts counts() throws Exception {
        long in = 0, acknowledged = 0, delivering = 0, held = 0, expired = 0;
        boolean topics = false;
        for (SimpleString address : server.getPostOffice().getAddresses()) {
            String name = address.toString();
            AddressInfo info = server.getAddressInfo(address);
            if (info == null || name.startsWith("activemq.") || name.startsWith("$")) {
                continue;
            }
            in += info.getRoutedMessageCount() + info.getUnRoutedMessageCount();
            topics |= info.getRoutingTypes().contains(RoutingType.MULTICAST);
            for (Queue q : server.getPostOffice().listQueuesForAddress(address)) {
                if (!q.isInternalQueue()) {
                    acknowledged += q.getMessagesAcknowledged();
                    delivering += q.getDeliveringCount();
                    held += q.getMessageCount();
                    expired += q.getMessagesExpired();
                }
            }
        }
        if (topics) {
            return new BrokerCounts("artemis address counters (a topic's subscription queues end with their consumers: "
                    + "out not known)", in, BrokerCounts.UNKNOWN, BrokerCounts.UNKNOWN, BrokerCounts.UNKNOWN,
                    BrokerCounts.UNKNOWN);
        }
        return new BrokerCounts("artemis address and queue counters", in, acknowledged, acknowledged + delivering,
                delivering, held, expired);
    }

    /**
     * The global-max-size's use and each address's holdings; an address's producers are held back
     * when its policy is BLOCK and it, or the broker as a whole, is full. Artemis counts no producers
     * per address here, nor blocked sends.
     */
    @Override
    public BrokerState state() throws Exception {
        PagingManager paging = server.getPagingManager();
        long max = server.getConfiguration().getGlobalMaxSize();
        boolean globalFull = paging.isGlobalFull();
        List<BrokerState.DestinationState> destinations = new ArrayList<>();
        for (SimpleString address : server.getPostOffice().getAddresses()) {
            String name = address.toString();
            AddressInfo info = server.getAddressInfo(address);
            if (info == null || name.startsWith("activemq.") || name.startsWith("$")) {
                continue;
            }
            long messages = 0, consumers = 0;
            for (Queue q : server.getPostOffice().listQueuesForAddress(address)) {
                if (!q.isInternalQueue()) {
                    messages += q.getMessageCount();
                    consumers += q.getConsumerCount();
                }
            }
            PagingStore store = paging.getPageStore(address);
            long limit = store == null || store.getMaxSize() <= 0 ? max : store.getMaxSize();
            int percent = store == null || limit <= 0 ? -1 : (int) (store.getAddressSize() * 100 / limit);
            boolean held = store != null && store.getAddressFullMessagePolicy() == AddressFullMessagePolicy.BLOCK
                    && (globalFull || store.isFull());
            destinations.add(new BrokerState.DestinationState(info.getRoutingTypes().contains(RoutingType.MULTICAST)
                    ? "topic" : "queue", name, messages, consumers, -1, percent, -1, held));
        }
        return new BrokerState(max > 0 ? (int) (paging.getGlobalSize() * 100 / max) : -1, -1, -1, destinations);
    }

    @Override
    public void close() throws Exception {
        server.stop();
    }
}
