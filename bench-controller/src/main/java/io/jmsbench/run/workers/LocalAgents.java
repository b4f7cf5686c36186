package io.jmsbench.run.workers;

import io.jmsbench.run.Children;
import io.jmsbench.agent.AgentClient;
import io.jmsbench.report.ClockOffset;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Local mode: one publisher and one subscriber agent JVM on this machine, started afresh for every point. */
public final class LocalAgents implements AgentSource {

    private final Path runDirectory;
    private final String token;
    private final String runId;

    public LocalAgents(Path runDirectory, String token, String runId) {
        this.runDirectory = runDirectory;
        this.token = token;
        this.runId = runId;
    }

    @Override
    public Pending begin(Children children, String suffix) throws IOException {
        LocalAgent subscriber = LocalAgent.spawn(children, "subscriber-agent" + suffix, "subscriber", runDirectory, token);
        LocalAgent publisher = LocalAgent.spawn(children, "publisher-agent" + suffix, "publisher", runDirectory, token);
        return signal -> {
            AgentClient subscribers = subscriber.await(token, runId, signal);
            AgentClient publishers = publisher.await(token, runId, signal);
            Map<String, ClockOffset> clocks = new LinkedHashMap<>();
            for (AgentClient agent : List.of(publishers, subscribers)) {
                clocks.put(agent.name(), ClockOffsets.estimate(agent, false));
            }
            return new PointAgents(new AgentGroup("publishers", List.of(publishers)),
                    new AgentGroup("subscribers", List.of(subscribers)), null, clocks, false);
        };
    }

    @Override
    public void end(PointAgents agents, List<String> problems) {
        agents.publishers().finish(true, problems);
        agents.subscribers().finish(true, problems);
    }

    @Override
    public void release(List<String> problems) {
    }

    @Override
    public boolean remote() {
        return false;
    }
}
