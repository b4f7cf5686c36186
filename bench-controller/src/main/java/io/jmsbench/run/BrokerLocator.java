package io.jmsbench.run;

import io.jmsbench.broker.BrokerAddress;
import io.jmsbench.system.ListeningProcess;
import io.jmsbench.system.ProcessLook;

import java.util.Optional;

/**
 * How the process of an external broker on this machine is found: by its process id
 * ({@code --broker-pid}), by the port it listens on where not its URL's ({@code --broker-port}),
 * or by its URL's port. A process the user named is measured as the broker whatever it looks like;
 * one found on the URL's port only when it looks like a broker ({@link ProcessLook}), since a port
 * forwarder or a proxy may hold that port.
 *
 * @param port the port the broker listens on; {@code null}: its URL's
 * @param pid  the broker's process id; {@code null}: found by the port
 */
public record BrokerLocator(Integer port, Long pid) {

    public static final BrokerLocator BY_URL = new BrokerLocator(null, null);

    /** The process behind {@code address} (the URL's, its port replaced by {@link #port} when given), looked at. */
    Optional<ListeningProcess> find(Optional<BrokerAddress> address) {
        if (pid != null) {
            return ListeningProcess.ofPid(pid).map(p -> p.with(p.look().named("--broker-pid")));
        }
        return address.map(a -> a.withPort(port)).flatMap(a -> ListeningProcess.find(a.host(), a.port()))
                .map(ListeningProcess::looked)
                .map(p -> port == null ? p : p.with(p.look().named("--broker-port")));
    }

    /** Where the process was found, for the console: " listening on port 61616"; "" when named by its pid. */
    String how(Optional<BrokerAddress> address) {
        return pid != null ? "" : " listening on port " + address.map(a -> a.withPort(port).port())
                .map(String::valueOf).orElse("?");
    }
}
