package io.jmsbench.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import io.jmsbench.agent.ReadyFile;
import io.jmsbench.broker.BrokerPorts;
import io.jmsbench.broker.BrokerStatusServer;
import io.jmsbench.broker.BrokerUrls;
import io.jmsbench.broker.ServedBroker;
import io.jmsbench.broker.ServerTls;
import io.jmsbench.broker.TlsSetup;
import io.jmsbench.protocol.Json;
import io.jmsbench.report.AtomicFiles;
import io.jmsbench.run.jvm.ParentWatch;
import io.jmsbench.scenario.BrokerSpec;
import io.jmsbench.scenario.BrokerTuning;
import io.jmsbench.scenario.Defaults;
import io.jmsbench.system.Facts;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

@Command(name = "broker", mixinStandardHelpOptions = true,
        description = {"Serve an embedded broker on free ports: ActiveMQ Classic or Artemis.",
                "ActiveMQ Classic (--kind activemq): an OpenWire and an AMQP connector.",
                "Artemis (--kind artemis): a CORE, an AMQP and an OpenWire acceptor.",
                "Prints its URLs as one JSON line, and stops cleanly on SIGTERM."},
        footer = {"", "Example: ./jmsbench broker --persistent", "         ./jmsbench broker --kind artemis"})
final class BrokerCommand implements Callable<Integer> {

    /** A name, an IPv4 address or a bracketed IPv6 one, as the connectors' URLs take it. */
    private static final Pattern HOST = Pattern.compile("[A-Za-z0-9._-]+|\\[[0-9A-Fa-f:.]+]");

    @Spec
    CommandSpec spec;

    @Option(names = "--kind", defaultValue = BrokerSpec.ACTIVEMQ, paramLabel = "BROKER",
            description = "activemq (ActiveMQ Classic) or artemis (default: ${DEFAULT-VALUE}).")
    String kind;

    @Option(names = "--listen", defaultValue = "127.0.0.1", paramLabel = "HOST",
            description = "Address the connectors bind (default: ${DEFAULT-VALUE}).")
    String host;

    @Option(names = "--data-dir", defaultValue = "jmsbench-broker-data", paramLabel = "DIR",
            description = "Broker data directory: KahaDB or the Artemis journal when persistent (default: ${DEFAULT-VALUE}).")
    Path dataDirectory;

    @Option(names = "--persistent", description = "Keep persistent messages on disk (default: memory only).")
    boolean persistent;

    @Option(names = "--memory-limit-mb", paramLabel = "MB",
            description = "Broker memory limit; flow control (Artemis: the address-full policy) acts beyond it (default: "
                    + Defaults.BROKER_MEMORY_LIMIT_MB + ").")
    Long memoryLimitMb;

    @Option(names = "--tuning", paramLabel = "JSON",
            description = "Broker configuration as JSON with the fields of a scenario's broker tuning, e.g. "
                    + "{\"journalDiskSyncs\":false,\"preallocationStrategy\":\"zeros\"}.")
    String tuningJson;

    @Option(names = "--ready-file", paramLabel = "FILE", description = "Write the URLs here once serving.")
    Path readyFile;

    @Option(names = "--counts-file", paramLabel = "FILE",
            description = "On stop, write the destinations' own message counts here as JSON.")
    Path countsFile;

    @Option(names = "--openwire-port", paramLabel = "PORT", defaultValue = "0",
            description = "The OpenWire port (default: a free one); with --amqp-port and --core-port, how a broker "
                    + "started again after a fault takes the ports it had.")
    int openwirePort;

    @Option(names = "--amqp-port", paramLabel = "PORT", defaultValue = "0", description = "The AMQP port (default: a free one).")
    int amqpPort;

    @Option(names = "--core-port", paramLabel = "PORT", defaultValue = "0",
            description = "Artemis's CORE port (default: a free one).")
    int corePort;

    @Option(names = "--persist-redelivered",
            description = "Write a message's redelivered flag (ActiveMQ's persistJMSRedelivered) or delivery count "
                    + "(Artemis's persist-delivery-count-before-delivery) to the store before each dispatch, so that one "
                    + "delivered before a crash and again after it is flagged: a store write per dispatch.")
    boolean persistRedelivered;

    @Option(names = "--tls-keystore", paramLabel = "FILE",
            description = "Serve every connector over TLS with the key and certificate of this keystore (PKCS12 or "
                    + "JKS): ActiveMQ ssl:// and amqps://; Artemis CORE (clients set sslEnabled), amqps:// and ssl://.")
    Path tlsKeyStore;

    @Option(names = "--tls-keystore-password", paramLabel = "REF",
            description = "The keystore's password: env:NAME (an environment variable) or file:PATH.")
    String tlsKeyStorePassword;

    @Option(names = "--tls-truststore", paramLabel = "FILE",
            description = "With --tls-keystore: ask every client for a certificate that leads to a CA of this truststore.")
    Path tlsTrustStore;

    @Option(names = "--tls-truststore-password", paramLabel = "REF",
            description = "The truststore's password: env:NAME or file:PATH.")
    String tlsTrustStorePassword;

    @Option(names = "--managed", hidden = true, description = "Started by a controller: exit when its stdin closes.")
    boolean managed;

    @Override
    public Integer call() throws Exception {
        if (!BrokerSpec.ACTIVEMQ.equals(kind) && !BrokerSpec.ARTEMIS.equals(kind)) {
            spec.commandLine().getErr().println("jmsbench broker: --kind: expected activemq or artemis, found '" + kind + "'");
            return ExitCodes.BAD_INPUT;
        }
        if (!HOST.matcher(host).matches()) {
            spec.commandLine().getErr().println("jmsbench broker: --listen: expected a host name or address such as "
                    + "127.0.0.1 or 0.0.0.0, found '" + host + "'");
            return ExitCodes.BAD_INPUT;
        }
        for (var port : List.of(Map.entry("--openwire-port", openwirePort),
                Map.entry("--amqp-port", amqpPort), Map.entry("--core-port", corePort))) {
            if (port.getValue() < 0 || port.getValue() > 65535) {
                spec.commandLine().getErr().println("jmsbench broker: " + port.getKey()
                        + ": expected a port from 0 to 65535 (0: a free one), found " + port.getValue());
                return ExitCodes.BAD_INPUT;
            }
        }
        if (memoryLimitMb != null && memoryLimitMb < 1) {
            spec.commandLine().getErr().println("jmsbench broker: --memory-limit-mb: expected a whole number of at "
                    + "least 1, found " + memoryLimitMb);
            return ExitCodes.BAD_INPUT;
        }
        BrokerTuning tuning = BrokerTuning.DEFAULT;
        ServerTls tls;
        try {
            tls = tls();
            if (tuningJson != null) {
                tuning = tuning(tuningJson);
            }
            if (persistent) {
                PathOptions.outputDirectory("--data-dir", dataDirectory);
            }
            PathOptions.outputFile("--ready-file", readyFile, false);
            PathOptions.outputFile("--counts-file", countsFile, false);
        } catch (BadInput | TlsSetup.Problem e) {
            spec.commandLine().getErr().println("jmsbench broker: " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        }
        if (memoryLimitMb != null) {
            tuning = tuning.withMemoryLimitMb(memoryLimitMb);
        }
        CountDownLatch stop = new CountDownLatch(1);
        if (managed) {
            ParentWatch.start(stop);
        }
        ServedBroker broker;
        try {
            broker = ServedBroker.start(kind, host, dataDirectory, persistent, tuning,
                    new BrokerPorts(openwirePort, amqpPort, corePort), persistRedelivered, tls);
        } catch (Exception e) {
            spec.commandLine().getErr().println("jmsbench broker: could not start: " + e.getMessage());
            return ExitCodes.RUN_FAILED;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                if (countsFile != null) {
                    AtomicFiles.write(countsFile, Json.MAPPER.writeValueAsString(broker.counts()));
                }
            } catch (Exception e) {
                System.err.println("jmsbench broker: could not write its counts: " + e);
            }
            try {
                broker.close();
            } catch (Exception e) {
                System.err.println("jmsbench broker: stop failed: " + e);
            }
        }, "broker-stop"));
        // only a controller asks: a broker started by hand serves no status
        BrokerStatusServer status = managed ? BrokerStatusServer.start(broker) : null;
        BrokerUrls urls = new BrokerUrls(broker.openwireUrl(), broker.amqpUrl(), broker.coreUrl(), kind,
                ProcessHandle.current().pid(), broker.version(), tuning.memoryLimitMb(), Facts.jvm(),
                status == null ? null : status.url(), status == null ? null : status.token());
        spec.commandLine().getOut().println(Json.MAPPER.writeValueAsString(urls.withoutToken()));
        spec.commandLine().getOut().flush();
        if (readyFile != null) {
            ReadyFile.write(readyFile, urls);
        }
        stop.await();
        return ExitCodes.OK;
    }

    /** The TLS options, their passwords resolved and their stores opened once; {@code null} without --tls-keystore. */
    private ServerTls tls() throws BadInput, TlsSetup.Problem {
        if (tlsKeyStore == null) {
            for (String given : new String[] {tlsTrustStore == null ? null : "--tls-truststore",
                    tlsKeyStorePassword == null ? null : "--tls-keystore-password",
                    tlsTrustStorePassword == null ? null : "--tls-truststore-password"}) {
                if (given != null) {
                    throw new BadInput(given + ": expected it only with --tls-keystore, found it alone");
                }
            }
            return null;
        }
        if (tlsKeyStorePassword == null) {
            throw new BadInput("--tls-keystore: expected --tls-keystore-password beside it (env:NAME or file:PATH), "
                    + "found none");
        }
        ServerTls tls = new ServerTls(tlsKeyStore.toString(),
                TlsSetup.password("--tls-keystore-password", tlsKeyStorePassword, System.getenv()),
                tlsTrustStore == null ? null : tlsTrustStore.toString(),
                TlsSetup.password("--tls-truststore-password", tlsTrustStorePassword, System.getenv()));
        try {
            tls.managers();
        } catch (IllegalArgumentException e) {
            throw new BadInput(e.getMessage());
        }
        return tls;
    }

    /** The tuning JSON as the scenario's broker tuning; an unknown field is named with those it could be. */
    private static BrokerTuning tuning(String json) throws BadInput {
        try {
            return Json.MAPPER.readValue(json, BrokerTuning.class);
        } catch (UnrecognizedPropertyException e) {
            throw new BadInput("--tuning: " + e.getPropertyName() + ": unknown field, expected one of "
                    + e.getKnownPropertyIds().stream().map(String::valueOf).sorted().collect(Collectors.joining(", ")));
        } catch (JsonProcessingException e) {
            throw new BadInput("--tuning: expected a JSON object of broker tuning fields, found invalid JSON: "
                    + ReportFile.parserMessage(e));
        }
    }
}
