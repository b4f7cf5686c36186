package io.jmsbench.run;

import io.jmsbench.broker.BrokerUnavailable;
import io.jmsbench.broker.BrokerUrls;
import io.jmsbench.report.Environment.BrokerFacts;
import io.jmsbench.scenario.BrokerKind;
import io.jmsbench.scenario.Provider;
import io.jmsbench.scenario.Scenario;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;

/**
 * The broker a point uses: its client URL, its facts and its process ({@code null} when external,
 * then nothing of its JVM can be read from here).
 */
record PointBroker(String url, BrokerFacts facts, ProcessHandle process) {

    /** The scenario's broker: an external one as given, or an embedded one started in its own JVM under {@code children}. */
    static PointBroker start(Scenario scenario, Children children, RunDirectory directory, String suffix,
                             RunSignal signal, PrintStream console)
            throws IOException, BrokerUnavailable, RunAborted, InterruptedException {
        if (!scenario.broker().isEmbedded()) {
            BrokerKind kind = scenario.broker().kindFor(scenario.provider());
            return new PointBroker(scenario.broker().url(), new BrokerFacts(kind == null ? "external"
                    : "external " + kind.yamlName(), "unknown", scenario.broker().url(), null, null, null, null), null);
        }
        Path data = dataRoot(scenario, directory).resolve("broker-data" + suffix);
        BrokerUrls urls = BrokerProcess.start(children, directory.path(), "broker" + suffix, data,
                scenario.broker().persistent(), scenario.broker().tuning(), signal);
        String url = scenario.provider() == Provider.AMQP ? urls.amqp() : urls.openwire();
        BrokerFacts facts = new BrokerFacts("embedded activemq", urls.version(), url, scenario.broker().persistent(),
                data.toString(), urls.memoryLimitMb(), urls.jvm());
        console.println("  broker   " + facts.kind() + " at " + url);
        return new PointBroker(url, facts, ProcessHandle.of(urls.pid()).orElse(null));
    }

    /** Where the broker's store goes: a data directory of the scenario's puts it on the disk under test. */
    static Path dataRoot(Scenario scenario, RunDirectory directory) {
        return scenario.broker().tuning().dataDirectory() == null ? directory.path()
                : Path.of(scenario.broker().tuning().dataDirectory()).resolve(directory.runId());
    }
}
