package io.jmsbench.run;

import io.jmsbench.run.stop.RunAborted;
import io.jmsbench.run.stop.RunSignal;
import io.jmsbench.run.jvm.Children;
import io.jmsbench.broker.BrokerAddress;
import io.jmsbench.broker.BrokerUnavailable;
import io.jmsbench.broker.BrokerUrls;
import io.jmsbench.report.Environment.BrokerFacts;
import io.jmsbench.scenario.BrokerKind;
import io.jmsbench.scenario.Provider;
import io.jmsbench.scenario.BrokerTuning;
import io.jmsbench.scenario.Scenario;
import io.jmsbench.run.point.BrokerJvm;
import io.jmsbench.run.point.ExternalBrokerProcess;
import io.jmsbench.system.CpuList;
import io.jmsbench.system.ListeningProcess;

import io.jmsbench.protocol.Json;
import io.jmsbench.report.BrokerCounts;

import java.io.IOException;
import java.nio.file.Files;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The broker a point uses: its client URL, its facts, its JVM and the file it writes its own
 * counts to when it stops (both {@code null} when external), and an external broker's process when
 * it runs on this machine ({@code null} otherwise).
 */
record PointBroker(String url, BrokerFacts facts, LiveBroker jvm, Path countsFile, ExternalBrokerProcess external) {

    /** The broker's process now ({@code null} when external). */
    ProcessHandle process() {
        return jvm == null ? null : jvm.process();
    }

    /** What the gauges read of the broker: its JVM, or the external broker's process here; {@code null}: nothing. */
    BrokerJvm gauged() {
        return jvm != null ? jvm : external;
    }

    /** The scenario's tuning, with ActiveMQ's scheduler on where its messages carry a delivery delay. */
    private static BrokerTuning tuning(Scenario scenario) {
        return scenario.broker().tuning().withSchedulerSupport(scenario.message().headers().deliveryDelay() != null);
    }

    /** Whether the broker runs on this machine, so that it shares this kernel with the local agents. */
    boolean onThisHost() {
        return process() != null || external != null;
    }

    /** The scenario's broker: an external one as given, or an embedded one started in its own JVM under {@code children}. */
    static PointBroker start(Scenario scenario, Children children, RunDirectory directory, String suffix,
                             RunSignal signal, PrintStream console, CpuList cpus, BrokerLocator locator)
            throws IOException, BrokerUnavailable, RunAborted, InterruptedException {
        if (!scenario.broker().isEmbedded()) {
            return external(scenario, console, locator);
        }
        Path data = dataRoot(scenario, directory).resolve("broker-data" + suffix);
        LiveBroker.Started started = LiveBroker.start(children, directory.path(), "broker" + suffix,
                scenario.broker().embedded(), data, scenario.broker().persistent(), tuning(scenario), signal,
                scenario.restartsBroker(), cpus);
        BrokerUrls urls = started.urls();
        String url = url(urls, scenario.provider());
        if (url == null) {
            // validation refuses a provider the embedded broker has no acceptor for; this is the last guard
            throw new BrokerUnavailable("the embedded " + urls.kind() + " broker has no acceptor for provider "
                    + scenario.provider().yamlName());
        }
        BrokerFacts facts = new BrokerFacts("embedded " + urls.kind(), urls.version(), url, scenario.broker().persistent(),
                data.toString(), urls.memoryLimitMb(), urls.jvm());
        console.println("  broker   " + facts.kind() + " at " + url);
        return new PointBroker(url, facts, started.broker(), BrokerProcess.countsFile(directory.path(), "broker" + suffix),
                null);
    }

    /**
     * An external broker as the scenario gives it; when its process is on this machine ({@code
     * locator}), that process, measured as the embedded broker's is only when it looks like a broker
     * or the user named it: a port forwarder's CPU is not the broker's.
     */
    private static PointBroker external(Scenario scenario, PrintStream console, BrokerLocator locator) {
        String url = scenario.broker().url();
        BrokerKind kind = scenario.broker().kindFor(scenario.provider());
        Optional<BrokerAddress> address = BrokerAddress.of(url);
        ListeningProcess process = locator.find(address).orElse(null);
        boolean measured = process != null && process.look().measurable();
        if (process != null) {
            console.println("  broker   " + (kind == null ? "external" : kind.yamlName()) + " at " + url + ": process "
                    + process.pid() + " (" + process.command() + ")" + locator.how(address) + ", "
                    + (measured ? process.looksLike() + ", measured from /proc"
                    : "looks like " + process.looksLike() + ": not measured as the broker (give --broker-pid, or "
                    + "--broker-port with the port the broker itself listens on)"));
        }
        BrokerFacts facts = new BrokerFacts(kind == null ? "external" : "external " + kind.yamlName(), "unknown", url,
                null, null, null, null, process, null);
        return new PointBroker(url, facts, null, null, measured ? new ExternalBrokerProcess(process) : null);
    }

    /**
     * The counts the broker wrote when it stopped; {@code null} when it wrote none (external, or
     * killed), or when a fault restarted it, as they would cover only its last life.
     */
    BrokerCounts readCounts() {
        if (countsFile == null || !Files.exists(countsFile) || jvm != null && jvm.restarted()) {
            return null;
        }
        try {
            BrokerCounts counts = Json.MAPPER.readValue(countsFile.toFile(), BrokerCounts.class);
            Files.deleteIfExists(countsFile);
            return counts;
        } catch (IOException e) {
            return null;
        }
    }

    static String url(BrokerUrls urls, Provider provider) {
        return switch (provider) {
            case OPENWIRE -> urls.openwire();
            case AMQP -> urls.amqp();
            case CORE -> urls.core();
            case RABBITMQ_JMS -> null; // no embedded broker speaks AMQP 0-9-1
        };
    }

    /** Where the broker's store goes: a data directory of the scenario's puts it on the disk under test. */
    static Path dataRoot(Scenario scenario, RunDirectory directory) {
        return scenario.broker().tuning().dataDirectory() == null ? directory.path()
                : Path.of(scenario.broker().tuning().dataDirectory()).resolve(directory.runId());
    }
}
