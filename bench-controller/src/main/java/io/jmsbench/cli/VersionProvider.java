package io.jmsbench.cli;

import io.jmsbench.Versions;
import picocli.CommandLine.IVersionProvider;

/** {@code --version}: jmsbench and the versions a result depends on. */
public final class VersionProvider implements IVersionProvider {

    @Override
    public String[] getVersion() {
        return new String[] {
            "jmsbench " + Versions.JMSBENCH,
            "Java " + Runtime.version() + " (" + System.getProperty("java.vm.vendor") + ")",
            "ActiveMQ Classic " + Versions.ACTIVEMQ + " (embedded broker and OpenWire client)",
            "Qpid JMS " + Versions.QPID_JMS + " (AMQP 1.0 client)",
            "Apache Artemis " + Versions.ARTEMIS + " (embedded broker and core client)",
            "RabbitMQ JMS " + Versions.RABBITMQ_JMS + " (AMQP 0-9-1 client)"
        };
    }
}
