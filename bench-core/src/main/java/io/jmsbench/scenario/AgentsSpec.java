package io.jmsbench.scenario;

import java.util.List;

/**
 * Where the clients run. Empty (the default): local mode, the controller starts one publisher and
 * one subscriber agent JVM on this machine per point. Otherwise the addresses ({@code host:port})
 * of agents already serving on other machines; clients are spread evenly over the agents of their
 * role. An optional {@code monitor} agent on the broker's machine reports its resources, beside
 * remote agents or beside local ones.
 */
public record AgentsSpec(List<String> publishers, List<String> subscribers, String monitor) {

    public static final AgentsSpec LOCAL = new AgentsSpec(List.of(), List.of(), null);

    public AgentsSpec {
        publishers = List.copyOf(publishers);
        subscribers = List.copyOf(subscribers);
    }

    public boolean remote() {
        return !publishers.isEmpty();
    }

    /** Whether the run calls any agent the user started (and so needs their token): remote clients or a monitor. */
    public boolean listed() {
        return remote() || monitor != null;
    }
}
