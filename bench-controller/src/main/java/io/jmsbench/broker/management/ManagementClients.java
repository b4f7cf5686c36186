package io.jmsbench.broker.management;

import io.jmsbench.broker.BrokerAddress;
import io.jmsbench.scenario.BrokerKind;
import io.jmsbench.scenario.BrokerManagement;
import io.jmsbench.scenario.BrokerSpec;
import io.jmsbench.scenario.Provider;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The management client of an external broker: the scenario's {@code broker.management}, or its kind's defaults. */
public final class ManagementClients {

    private ManagementClients() {
    }

    /** The client for {@code broker}; the sentence says why there is none (kind unknown, no password found). */
    public static BrokerManagementClient of(BrokerSpec broker, Provider provider) throws ManagementUnavailable {
        BrokerKind kind = broker.kindFor(provider);
        BrokerManagement m = broker.management();
        String host = BrokerAddress.of(broker.url()).map(BrokerAddress::host).orElse("localhost");
        String url = m.url() != null ? m.url() : BrokerManagement.defaultUrl(kind, host);
        if (url == null) {
            throw new ManagementUnavailable(kind == null
                    ? "the broker's kind is not known (broker.kind), so neither is its management interface"
                    : "jmsbench reads no management interface of " + kind.yamlName() + " yet");
        }
        boolean jmx = url.startsWith("service:jmx:");
        String user = m.user() != null ? m.user() : jmx ? null : "guest";
        String password = m.password() != null ? secret(m.password()) : jmx ? null : "guest";
        try {
            return jmx ? new ActiveMqJmx(url, user, password) : new RabbitMqManagementApi(url, user, password);
        } catch (IllegalArgumentException e) {
            throw new ManagementUnavailable("broker.management.url: " + url + " is not a URL jmsbench can read ("
                    + e.getMessage() + ")");
        }
    }

    /** The password an {@code env:NAME} or {@code file:PATH} reference points at (the file's first line). */
    static String secret(String reference) throws ManagementUnavailable {
        if (reference.startsWith("env:")) {
            String value = System.getenv(reference.substring(4));
            if (value == null) {
                throw new ManagementUnavailable("broker.management.password: the environment variable "
                        + reference.substring(4) + " is not set");
            }
            return value;
        }
        Path file = Path.of(reference.substring("file:".length()));
        try {
            return Files.readAllLines(file).stream().findFirst().orElse("").strip();
        } catch (IOException e) {
            throw new ManagementUnavailable("broker.management.password: " + file + " could not be read (" + e + ")");
        }
    }
}
