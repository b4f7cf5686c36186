package io.jmsbench.cli;

import io.jmsbench.Versions;
import io.jmsbench.agent.AgentServer;
import io.jmsbench.agent.ClientPool;
import io.jmsbench.agent.HostMonitor;
import io.jmsbench.agent.ReadyFile;
import io.jmsbench.broker.BrokerAddress;
import io.jmsbench.protocol.AgentInfo;
import io.jmsbench.protocol.AgentRole;
import io.jmsbench.publisher.PublisherAgentPool;
import io.jmsbench.run.jvm.ParentWatch;
import io.jmsbench.subscriber.SubscriberPool;
import io.jmsbench.system.Facts;
import io.jmsbench.text.Durations;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

import java.net.InetSocketAddress;
import java.net.SocketException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.function.Supplier;

@Command(name = "agent", mixinStandardHelpOptions = true,
        footer = {"", "Example: ./jmsbench agent --role publisher --listen 10.0.0.3:7100"},
        description = {"Serve a pool of publisher or subscriber clients, or this host's resources, to a controller "
                + "over HTTP.",
                "With --role monitor it serves only this host's CPU, memory, disk and network readings, and the CPU "
                + "time and memory of the broker's process, found by the port it listens on (--broker-port, else the "
                + "port of the broker URL the controller sends): run one on the broker's machine.",
                "The bearer token comes from --token-file, else the " + AgentCommand.TOKEN_ENV + " environment variable, "
                        + "else ~/.jmsbench/token. Make it once with 'jmsbench token' on the controller's machine and "
                        + "copy the file to each agent's machine, before or after the agent starts: an agent reads "
                        + "its token file again whenever it changes. A token file that does not exist is created "
                        + "with a new random token, readable by its owner only, unless --require-token."})
final class AgentCommand implements Callable<Integer> {

    static final String TOKEN_ENV = "JMSBENCH_TOKEN";

    /** Reads {@code --role} as the agents write it on the wire ({@code publisher}), not as the enum's constant. */
    static final class RoleConverter implements CommandLine.ITypeConverter<AgentRole> {
        @Override
        public AgentRole convert(String value) {
            try {
                return AgentRole.of(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }

    @Spec
    CommandSpec spec;

    @Option(names = "--role", required = true, paramLabel = "ROLE", converter = RoleConverter.class,
            description = "publisher, subscriber or monitor (the broker's host: CPU, memory, network, disk).")
    AgentRole role;

    @Option(names = "--broker-port", paramLabel = "PORT",
            description = "With --role monitor: the port the broker listens on, where not its URL's (default: the "
                    + "port of the broker URL the controller sends).")
    Integer brokerPort;

    @Option(names = "--listen", defaultValue = "127.0.0.1:0", paramLabel = "HOST:PORT",
            description = "Address to serve (default: ${DEFAULT-VALUE}, loopback on a free port).")
    String listen;

    @Option(names = "--token-file", paramLabel = "FILE",
            description = "File holding the bearer token, read again whenever it changes; created (mode 0600) with "
                    + "a new token when absent, unless --require-token.")
    Path tokenFile;

    @Option(names = "--require-token",
            description = "Refuse to start when the token file does not exist, instead of creating one.")
    boolean requireToken;

    @Option(names = "--lease", defaultValue = "30s", paramLabel = "DURATION",
            description = "Close a run's clients once its controller made no call for this long (default: "
                    + "${DEFAULT-VALUE}).")
    String lease;

    @Option(names = "--ready-file", paramLabel = "FILE", description = "Write the agent's address here once serving.")
    Path readyFile;

    @Option(names = "--managed", hidden = true, description = "Started by a controller: exit when its stdin closes.")
    boolean managed;

    record Ready(String url, long pid) {
    }

    @Override
    public Integer call() throws Exception {
        try {
            PathOptions.input("--token-file", tokenFile, false);
            if (tokenFile != null && !Files.exists(tokenFile) && !requireToken) {
                PathOptions.outputFile("--token-file", tokenFile, true);
            }
            PathOptions.outputFile("--ready-file", readyFile, false);
        } catch (BadInput e) {
            spec.commandLine().getErr().println("jmsbench agent: " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        }
        if (brokerPort != null && role != AgentRole.MONITOR) {
            spec.commandLine().getErr().println("jmsbench agent: --broker-port: only a monitor agent (--role monitor) "
                    + "looks for the broker's process, not a " + role + " agent");
            return ExitCodes.BAD_INPUT;
        }
        if (brokerPort != null && (brokerPort < 1 || brokerPort > 65535)) {
            spec.commandLine().getErr().println("jmsbench agent: --broker-port: expected a port from 1 to 65535, found "
                    + brokerPort);
            return ExitCodes.BAD_INPUT;
        }
        Duration leaseTime;
        try {
            leaseTime = Durations.parse(lease);
        } catch (RuntimeException e) {
            leaseTime = null;
        }
        if (leaseTime == null || leaseTime.toMillis() < 1000) {
            spec.commandLine().getErr().println("jmsbench agent: --lease: expected a duration of at least 1s such as "
                    + "30s, found '" + lease + "'");
            return ExitCodes.BAD_INPUT;
        }
        int colon = listen.lastIndexOf(':');
        if (colon <= 0 || !listen.substring(colon + 1).matches("\\d{1,5}")
                || Integer.parseInt(listen.substring(colon + 1)) > 65535) {
            spec.commandLine().getErr().println("jmsbench agent: --listen: expected HOST:PORT with a port from 0 to "
                    + "65535, found '" + listen + "'");
            return ExitCodes.BAD_INPUT;
        }
        Supplier<String> token;
        try {
            token = Tokens.forAgent(tokenFile, System.getenv(TOKEN_ENV), requireToken, line -> say(line));
        } catch (Tokens.TokenProblem e) {
            spec.commandLine().getErr().println("jmsbench agent: " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        }
        InetSocketAddress bind = new InetSocketAddress(listen.substring(0, colon),
                Integer.parseInt(listen.substring(colon + 1)));
        if (bind.isUnresolved()) {
            spec.commandLine().getErr().println("jmsbench agent: --listen: expected HOST:PORT with a host name or "
                    + "address of this machine, found '" + listen + "', whose host is not known");
            return ExitCodes.BAD_INPUT;
        }
        CountDownLatch gone = new CountDownLatch(1);
        if (managed) {
            ParentWatch.start(gone);
        }
        ClientPool pool = switch (role) {
            case PUBLISHER -> new PublisherAgentPool();
            case SUBSCRIBER -> new SubscriberPool();
            case MONITOR -> new HostMonitor(brokerPort, AgentCommand::urlPort);
        };
        AgentInfo info = new AgentInfo(role, Versions.JMSBENCH, Facts.host(), Facts.jvm());
        AgentServer listening;
        try {
            listening = new AgentServer(bind, token, pool, info, leaseTime, this::say);
        } catch (SocketException e) {
            pool.close(Duration.ZERO);
            spec.commandLine().getErr().println("jmsbench agent: --listen " + listen + ": cannot listen there: "
                    + e.getMessage());
            return ExitCodes.BAD_INPUT;
        }
        try (AgentServer server = listening) {
            String url = "http://" + server.address().getHostString() + ":" + server.address().getPort();
            say("jmsbench " + Versions.JMSBENCH + " " + role + " agent serving " + url);
            if (readyFile != null) {
                ReadyFile.write(readyFile, new Ready(url, ProcessHandle.current().pid()));
            }
            Thread shutdown = new Thread(() -> {
                try {
                    server.awaitShutdown();
                } catch (InterruptedException ignored) {
                    Thread.currentThread().interrupt();
                }
                gone.countDown();
            }, "agent-shutdown");
            shutdown.setDaemon(true);
            shutdown.start();
            gone.await();
            pool.stop(Duration.ofSeconds(5));
            pool.close(Duration.ofSeconds(10));
        }
        return ExitCodes.OK;
    }

    /** The port a broker URL reaches (of a failover list, its first broker's); {@code -1}: it names none. */
    static int urlPort(String url) {
        return BrokerAddress.of(url).map(BrokerAddress::port).orElse(-1);
    }

    private void say(String line) {
        spec.commandLine().getOut().println(Instant.now() + " " + line);
        spec.commandLine().getOut().flush();
    }
}
