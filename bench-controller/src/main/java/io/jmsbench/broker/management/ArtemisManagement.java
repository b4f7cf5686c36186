package io.jmsbench.broker.management;

import com.fasterxml.jackson.databind.JsonNode;
import io.jmsbench.jms.BrokerCredentials;
import io.jmsbench.jms.ConnectionFactories;
import io.jmsbench.protocol.Json;
import io.jmsbench.protocol.TlsPlan;
import io.jmsbench.protocol.Provider;
import org.apache.activemq.artemis.api.core.ActiveMQException;
import org.apache.activemq.artemis.api.core.ActiveMQSecurityException;
import org.apache.activemq.artemis.api.core.client.ClientMessage;
import org.apache.activemq.artemis.api.core.client.ClientRequestor;
import org.apache.activemq.artemis.api.core.client.ClientSession;
import org.apache.activemq.artemis.api.core.client.ClientSessionFactory;
import org.apache.activemq.artemis.api.core.client.ServerLocator;
import org.apache.activemq.artemis.api.core.management.ManagementHelper;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Artemis's statistics through its management address ({@code activemq.management}), which answers
 * requests sent as core messages to any acceptor that speaks CORE, with no console or JMX: the
 * broker's AddressNames and address memory, each address's RoutedMessageCount, UnRoutedMessageCount
 * and paging, and every queue's MessagesAcknowledged, DeliveringCount and MessageCount in one
 * {@code listQueues} answer (requests per address, not per queue: a topic has a queue per
 * subscriber). The core client is set up as the clients' is (TLS, one connect attempt, bounded
 * calls) and logs in as they do. A reading (connect, requests, close) runs on a thread of its own and is given up after
 * {@link #READ_BOUND}; each request waits at most {@link #TIMEOUT} for its answer.
 */
final class ArtemisManagement implements BrokerManagementClient {

    static final String MANAGEMENT_ADDRESS = "activemq.management";
    /** Long enough for a broker with a few hundred addresses; the clients' core connect is bounded at 10 s. */
    static final Duration READ_BOUND = Duration.ofSeconds(30);
    private static final int PAGE_SIZE = 500;
    /** listQueues' options: no filter (a blank field matches every queue), Artemis's own order. */
    private static final String EVERY_QUEUE = "{\"field\":\"\",\"operation\":\"\",\"value\":\"\",\"sortOrder\":\"asc\","
            + "\"sortColumn\":\"name\"}";

    private final String url;
    private final BrokerCredentials login;
    private final TlsPlan tls;

    ArtemisManagement(String url, BrokerCredentials login, TlsPlan tls) {
        this.url = url;
        this.login = login;
        this.tls = tls;
    }

    @Override
    public String source() {
        return "artemis management at " + url + " (addresses' and queues' counters over the point)";
    }

    @Override
    public BrokerReading read() throws ManagementUnavailable, InterruptedException {
        return BoundedRead.within(READ_BOUND, "artemis-management", "Artemis's management at " + url, this::readNow,
                cause -> cause instanceof ManagementUnavailable || cause instanceof Refused
                        ? new ManagementUnavailable(cause.getMessage())
                        : new ManagementUnavailable("Artemis's management at " + url + " could not be read ("
                                + words(cause) + ")"));
    }

    private BrokerReading readNow() throws Exception {
        // the clients' own core factory, for its TLS transport parameters and bounded connect and calls
        ActiveMQConnectionFactory factory = (ActiveMQConnectionFactory) ConnectionFactories.create(Provider.CORE, url,
                false, null, tls);
        try (factory; ServerLocator locator = factory.getServerLocator();
             ClientSessionFactory sessions = connect(locator);
             ClientSession session = login(sessions)) {
            session.start();
            // its reply queue is activemq.management.UUID, which the counts leave out with Artemis's own addresses
            try (ClientRequestor requestor = new ClientRequestor(session, MANAGEMENT_ADDRESS)) {
                Requests requests = new Requests(session, requestor);
                List<ArtemisFigures.Address> addresses = new ArrayList<>();
                for (Object name : (Object[]) requests.attribute("broker", "AddressNames")) {
                    String address = name.toString();
                    if (!ArtemisFigures.counted(address)) {
                        continue;
                    }
                    ArtemisFigures.Address figures = address(requests, address);
                    if (figures != null) {
                        addresses.add(figures);
                    }
                }
                List<ArtemisFigures.Queue> queues = new ArrayList<>();
                for (int page = 1; ; page++) {
                    JsonNode answer = json(requests.operation("broker", "listQueues", EVERY_QUEUE, page, PAGE_SIZE));
                    List<ArtemisFigures.Queue> some = ArtemisFigures.queues(answer);
                    queues.addAll(some);
                    if (some.isEmpty() || queues.size() >= answer.path("count").asLong(0)) {
                        break;
                    }
                }
                ArtemisFigures.Memory memory = new ArtemisFigures.Memory(
                        number(requests.attribute("broker", "AddressMemoryUsage")),
                        (int) number(requests.attribute("broker", "AddressMemoryUsagePercentage")),
                        number(requests.attribute("broker", "GlobalMaxSize")));
                return ArtemisFigures.reading(addresses, queues, memory);
            }
        }
    }

    /**
     * Each queue's {@code removeAllMessages} ({@code held} names a queue by its own name, or as
     * ADDRESS/QUEUE where they differ); returns what the broker says it removed.
     */
    @Override
    public long purge(java.util.Map<String, Long> destinations) throws ManagementUnavailable, InterruptedException {
        return BoundedRead.within(READ_BOUND, "artemis-management", "Artemis's management at " + url, () -> {
            ActiveMQConnectionFactory factory = (ActiveMQConnectionFactory) ConnectionFactories.create(Provider.CORE,
                    url, false, null, tls);
            try (factory; ServerLocator locator = factory.getServerLocator();
                 ClientSessionFactory sessions = connect(locator);
                 ClientSession session = login(sessions)) {
                session.start();
                try (ClientRequestor requestor = new ClientRequestor(session, MANAGEMENT_ADDRESS)) {
                    Requests requests = new Requests(session, requestor);
                    long purged = 0;
                    for (String queue : destinations.keySet()) {
                        purged += number(requests.operation("queue." + queue.substring(queue.lastIndexOf('/') + 1),
                                "removeAllMessages"));
                    }
                    return purged;
                }
            }
        }, cause -> new ManagementUnavailable(cause instanceof ManagementUnavailable || cause instanceof Refused
                ? cause.getMessage() : "Artemis's management at " + url + " did not purge (" + words(cause) + ")"));
    }

    /**
     * An address's counters; {@code null} when it is gone since AddressNames listed it (another
     * client's temporary queue, say): what it counted went with it. The broker's refusals of
     * AddressNames itself (no manage permission) have been told by then.
     */
    private ArtemisFigures.Address address(Requests requests, String address) throws Exception {
        String resource = "address." + address;
        try {
            boolean paging = Boolean.TRUE.equals(requests.attribute(resource, "Paging"));
            return new ArtemisFigures.Address(address, number(requests.attribute(resource, "RoutedMessageCount")),
                    number(requests.attribute(resource, "UnRoutedMessageCount")), paging,
                    paging ? number(requests.attribute(resource, "NumberOfPages")) : 0);
        } catch (Refused e) {
            return null;
        }
    }

    private ClientSessionFactory connect(ServerLocator locator) throws Exception {
        try {
            return locator.createSessionFactory();
        } catch (ActiveMQException e) {
            throw new ManagementUnavailable("Artemis's management at " + url + " could not be reached (" + words(e)
                    + ")");
        }
    }

    /** A session with autocommitted sends and acknowledgements, logged in as the clients are (or as broker.management says). */
    private ClientSession login(ClientSessionFactory sessions) throws Exception {
        try {
            return sessions.createSession(login == null ? null : login.user(), login == null ? null : login.password(),
                    false, true, true, false, 0);
        } catch (ActiveMQSecurityException e) {
            throw new ManagementUnavailable("Artemis at " + url + " refused the management login: " + words(e));
        }
    }

    /** Management requests through one requestor, one at a time, each answered within {@link #TIMEOUT}. */
    private final class Requests {
        private final ClientSession session;
        private final ClientRequestor requestor;

        Requests(ClientSession session, ClientRequestor requestor) {
            this.session = session;
            this.requestor = requestor;
        }

        Object attribute(String resource, String attribute) throws Exception {
            ClientMessage request = session.createMessage(false);
            ManagementHelper.putAttribute(request, resource, attribute);
            return answer(request, resource + " " + attribute);
        }

        Object operation(String resource, String operation, Object... parameters) throws Exception {
            ClientMessage request = session.createMessage(false);
            ManagementHelper.putOperationInvocation(request, resource, operation, parameters);
            return answer(request, resource + " " + operation);
        }

        private Object answer(ClientMessage request, String what) throws Exception {
            ClientMessage reply = requestor.request(request, TIMEOUT.toMillis());
            if (reply == null) {
                throw new ManagementUnavailable("Artemis's management at " + url + " did not answer " + what
                        + " within " + TIMEOUT.toSeconds() + " s");
            }
            if (!ManagementHelper.hasOperationSucceeded(reply)) {
                // the result is then the broker's own words, e.g. AMQ229213 for a user without the manage permission
                throw new Refused("Artemis's management at " + url + " refused " + what + ": "
                        + ManagementHelper.getResult(reply));
            }
            return ManagementHelper.getResult(reply);
        }
    }

    /** The broker answered a request with a refusal, in its own words. */
    private static final class Refused extends Exception {
        Refused(String message) {
            super(message);
        }
    }

    private JsonNode json(Object answer) throws ManagementUnavailable {
        try {
            return Json.MAPPER.readTree(String.valueOf(answer));
        } catch (IOException e) {
            throw new ManagementUnavailable("Artemis's management at " + url + " answered listQueues with something "
                    + "other than JSON");
        }
    }

    private static long number(Object value) throws ManagementUnavailable {
        if (value instanceof Number n) {
            return n.longValue();
        }
        throw new ManagementUnavailable("Artemis's management answered " + value + " where a number was expected");
    }

    /** An exception in its own words, its cause's where it has none. */
    private static String words(Throwable t) {
        Throwable c = t;
        while (c.getMessage() == null && c.getCause() != null) {
            c = c.getCause();
        }
        return c.getMessage() == null ? c.toString() : c.getMessage();
    }
}
