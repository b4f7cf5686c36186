package io.jmsbench.cli;

import io.jmsbench.Versions;
import io.jmsbench.agent.AgentServer;
import io.jmsbench.agent.ClientPool;
import io.jmsbench.agent.ReadyFile;
import io.jmsbench.protocol.AgentInfo;
import io.jmsbench.publisher.PublisherPool;
import io.jmsbench.run.ParentWatch;
import io.jmsbench.subscriber.SubscriberPool;
import io.jmsbench.system.Facts;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

@Command(name = "agent", mixinStandardHelpOptions = true,
        description = "Serve a pool of publisher or subscriber clients to a controller over HTTP.")
final class AgentCommand implements Callable<Integer> {

    static final String TOKEN_ENV = "JMSBENCH_TOKEN";

    enum Role { publisher, subscriber }

    @Spec
    CommandSpec spec;

    @Option(names = "--role", required = true, paramLabel = "ROLE", description = "publisher or subscriber.")
    Role role;

    @Option(names = "--listen", defaultValue = "127.0.0.1:0", paramLabel = "HOST:PORT",
            description = "Address to serve (default: ${DEFAULT-VALUE}, loopback on a free port).")
    String listen;

    @Option(names = "--token-file", paramLabel = "FILE",
            description = "File holding the bearer token (default: the " + TOKEN_ENV + " environment variable).")
    Path tokenFile;

    @Option(names = "--ready-file", paramLabel = "FILE", description = "Write the agent's address here once serving.")
    Path readyFile;

    @Option(names = "--managed", hidden = true, description = "Started by a controller: exit when its stdin closes.")
    boolean managed;

    record Ready(String url, long pid) {
    }

    @Override
    public Integer call() throws Exception {
        String token = token();
        if (token == null) {
            spec.commandLine().getErr().println("jmsbench agent: no token: give --token-file FILE or set " + TOKEN_ENV);
            return ExitCodes.BAD_INPUT;
        }
        int colon = listen.lastIndexOf(':');
        if (colon <= 0 || !listen.substring(colon + 1).matches("\\d{1,5}")) {
            spec.commandLine().getErr().println("jmsbench agent: --listen: expected HOST:PORT, found '" + listen + "'");
            return ExitCodes.BAD_INPUT;
        }
        InetSocketAddress bind = new InetSocketAddress(listen.substring(0, colon),
                Integer.parseInt(listen.substring(colon + 1)));
        CountDownLatch gone = new CountDownLatch(1);
        if (managed) {
            ParentWatch.start(gone);
        }
        ClientPool pool = role == Role.publisher ? new PublisherPool() : new SubscriberPool();
        AgentInfo info = new AgentInfo(role.name(), Versions.JMSBENCH, Facts.host(), Facts.jvm());
        try (AgentServer server = new AgentServer(bind, token, pool, info)) {
            String url = "http://" + server.address().getHostString() + ":" + server.address().getPort();
            spec.commandLine().getOut().println("jmsbench " + role + " agent serving " + url);
            spec.commandLine().getOut().flush();
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

    private String token() throws IOException {
        if (tokenFile != null) {
            return Files.readString(tokenFile).strip();
        }
        Map<String, String> env = System.getenv();
        String token = env.get(TOKEN_ENV);
        return token == null || token.isBlank() ? null : token;
    }
}
