package io.jmsbench.it;

import org.apache.activemq.broker.BrokerPlugin;
import org.apache.activemq.broker.BrokerService;
import org.apache.activemq.broker.TransportConnector;
import org.apache.activemq.security.AuthenticationUser;
import org.apache.activemq.security.AuthorizationEntry;
import org.apache.activemq.security.AuthorizationPlugin;
import org.apache.activemq.security.DefaultAuthorizationMap;
import org.apache.activemq.security.SimpleAuthenticationPlugin;

import java.util.List;

/** A real ActiveMQ broker in the test's JVM that admits one user: for refused logins. */
final class GuardedBroker implements AutoCloseable {

    private final BrokerService service;
    private final TransportConnector openwire;
    private final TransportConnector amqp;

    private GuardedBroker(BrokerService service, TransportConnector openwire, TransportConnector amqp) {
        this.service = service;
        this.openwire = openwire;
        this.amqp = amqp;
    }

    static GuardedBroker start(String user, String password) throws Exception {
        return start(user, password, null);
    }

    /**
     * As {@link #start(String, String)}; the user may read, but not write to, the queue
     * {@code readOnlyQueue}, and nothing else ({@code null}: may do anything), so that its producers are
     * refused there.
     */
    static GuardedBroker start(String user, String password, String readOnlyQueue) throws Exception {
        BrokerService service = new BrokerService();
        service.setBrokerName("guarded");
        service.setPersistent(false);
        service.setUseJmx(false);
        service.setUseShutdownHook(false);
        service.setAdvisorySupport(false);
        SimpleAuthenticationPlugin login = new SimpleAuthenticationPlugin(
                List.of(new AuthenticationUser(user, password, "users")));
        login.setAnonymousAccessAllowed(false);
        if (readOnlyQueue == null) {
            service.setPlugins(new BrokerPlugin[]{login});
        } else {
            AuthorizationEntry readOnly = new AuthorizationEntry();
            readOnly.setQueue(readOnlyQueue);
            readOnly.setRead("users");
            readOnly.setWrite("nobody");
            readOnly.setAdmin("users");
            // no other entry: a wildcard one would add its write right to this queue's
            service.setPlugins(new BrokerPlugin[]{login, new AuthorizationPlugin(
                    new DefaultAuthorizationMap(List.of(readOnly)))});
        }
        TransportConnector openwire = service.addConnector("tcp://127.0.0.1:0");
        TransportConnector amqp = service.addConnector("amqp://127.0.0.1:0");
        service.start();
        service.waitUntilStarted();
        return new GuardedBroker(service, openwire, amqp);
    }

    String openwireUrl() throws Exception {
        return openwire.getConnectUri().toString();
    }

    String amqpUrl() throws Exception {
        return amqp.getConnectUri().toString();
    }

    @Override
    public void close() throws Exception {
        service.stop();
        service.waitUntilStopped();
    }
}
