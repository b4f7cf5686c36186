package io.jmsbench.broker;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Optional;

/**
 * The host and port a broker URL reaches: of a failover URL ({@code failover:(tcp://a:1,tcp://b:2)?...}),
 * the first; a URL without a port gets its scheme's usual one.
 */
public record BrokerAddress(String host, int port) {

    /** The address of {@code url}; empty when it names none (no host). */
    public static Optional<BrokerAddress> of(String url) {
        String first = url;
        int open = first.indexOf('(');
        if (first.startsWith("failover:") && open >= 0) {
            first = first.substring(open + 1);
            int end = first.length();
            for (char c : new char[] {',', ')'}) {
                int i = first.indexOf(c);
                if (i >= 0) {
                    end = Math.min(end, i);
                }
            }
            first = first.substring(0, end);
        } else if (first.startsWith("failover:")) {
            first = first.substring("failover:".length());
        }
        try {
            URI uri = new URI(first.trim());
            if (uri.getHost() == null) {
                return Optional.empty();
            }
            int port = uri.getPort() >= 0 ? uri.getPort() : defaultPort(uri.getScheme());
            String host = uri.getHost().startsWith("[") ? uri.getHost().substring(1, uri.getHost().length() - 1)
                    : uri.getHost();
            return port < 0 ? Optional.empty() : Optional.of(new BrokerAddress(host, port));
        } catch (URISyntaxException e) {
            return Optional.empty();
        }
    }

    private static int defaultPort(String scheme) {
        return switch (scheme == null ? "" : scheme) {
            case "amqp" -> 5672;
            case "amqps" -> 5671;
            case "tcp", "nio", "ssl", "nio+ssl" -> 61616;
            default -> -1;
        };
    }

    public BrokerAddress withPort(Integer override) {
        return override == null ? this : new BrokerAddress(host, override);
    }
}
