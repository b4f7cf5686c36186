package io.jmsbench.run.workers;

import io.jmsbench.agent.AgentClient;
import io.jmsbench.agent.AgentException;
import io.jmsbench.agent.Parallel;
import io.jmsbench.protocol.AgentRole;
import io.jmsbench.protocol.ClientAudit;
import io.jmsbench.protocol.ClientPlan;
import io.jmsbench.protocol.Counters;
import io.jmsbench.protocol.HostSample;
import io.jmsbench.protocol.LatencyInterval;
import io.jmsbench.protocol.PoolPlan;
import io.jmsbench.protocol.PrepareResult;
import io.jmsbench.protocol.RateChange;
import io.jmsbench.protocol.ReplyInterval;
import io.jmsbench.run.stop.RunFailure;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * The agents of one role in one point, seen as one: clients are spread over them evenly, their
 * counters and latencies pulled from all at once ({@link AgentCalls}) and merged ({@link IntervalMerge}).
 * Each pull is a heartbeat: an agent that misses one is counted with its last counters; one that misses {@link #MISSES_TO_STALE} in a row is stale, the point fails,
 * and nothing it says later is merged.
 */
public final class AgentGroup {

    static final int MISSES_TO_STALE = 3;
    /** Bounds a call made to every agent at once; each call also has its own, shorter timeout. */
    private static final Duration AGENT_CALL_BOUND = Duration.ofSeconds(30);

    private final AgentRole role;
    private final List<Member> members;
    /** The per-second pulls go to every agent at once. */
    private final AgentCalls calls;

    private static final class Member {
        final AgentClient client;
        List<ClientPlan> clients = List.of();
        Counters last;
        int misses;
        String lastMiss;
        boolean stale;

        Member(AgentClient client) {
            this.client = client;
        }

        @Override
        public String toString() {
            return client.name();
        }
    }

    AgentGroup(AgentRole role, List<AgentClient> agents) {
        this.role = role;
        this.members = agents.stream().map(Member::new).toList();
        this.calls = new AgentCalls(agents.size(), role.name().toLowerCase(Locale.ROOT));
    }

    AgentRole role() {
        return role;
    }

    public List<AgentClient> agents() {
        return members.stream().map(m -> m.client).toList();
    }

    /** The names of the agents that went stale. */
    List<String> stale() {
        return members.stream().filter(m -> m.stale).map(m -> m.client.name()).toList();
    }

    /** Which clients each agent runs, by agent name. */
    Map<String, List<String>> placement() {
        Map<String, List<String>> placement = new LinkedHashMap<>();
        for (Member m : members) {
            placement.put(m.client.name(), m.clients.stream().map(ClientPlan::id).toList());
        }
        return placement;
    }

    /**
     * Prepares every agent with its share of {@code clients} (client i goes to agent i mod n);
     * {@code plan} builds an agent's plan from its share. Returns the provider settings reported.
     */
    Map<String, String> prepare(List<ClientPlan> clients, BiFunction<AgentClient, List<ClientPlan>, PoolPlan> plan,
                                String url)
            throws AgentException, RunFailure {
        List<List<ClientPlan>> shares = new ArrayList<>();
        for (int i = 0; i < members.size(); i++) {
            shares.add(new ArrayList<>());
        }
        for (int i = 0; i < clients.size(); i++) {
            shares.get(i % members.size()).add(clients.get(i));
        }
        Map<String, String> settings = Map.of();
        for (int i = 0; i < members.size(); i++) {
            Member m = members.get(i);
            m.clients = List.copyOf(shares.get(i));
            PrepareResult result = m.client.prepare(plan.apply(m.client, m.clients));
            if (!result.providerSettings().isEmpty()) {
                settings = result.providerSettings();
            }
            if (!result.failures().isEmpty()) {
                PrepareResult.ClientFailure first = result.failures().get(0);
                throw new RunFailure(result.failures().size() + " of " + m.clients.size() + " " + role.plural() + " on "
                        + m.client.name() + " could not connect to " + url + "; first, " + first.client() + ": "
                        + first.error());
            }
        }
        return settings;
    }

    void start() throws AgentException {
        for (Member m : members) {
            m.client.start();
        }
    }

    /** Every agent's publishers at {@code ratePerClient} msgs/s from now, all asked at once; the first refusal throws. */
    void rate(double ratePerClient, Duration timeout) throws RunFailure {
        RateChange change = new RateChange(ratePerClient);
        List<Member> live = live();
        List<AgentCalls.Answer<Boolean>> answers = calls.ask(clients(live), timeout, a -> {
            a.rate(change, timeout);
            return true;
        });
        for (AgentCalls.Answer<Boolean> answer : answers) {
            if (answer.error() != null) {
                throw new RunFailure("the closed loop's rate could not be set: " + answer.error().getMessage());
            }
        }
    }

    /**
     * Every agent's counters merged; an agent that does not answer counts with its last ones.
     * Throws once an agent has missed {@link #MISSES_TO_STALE} pulls in a row.
     */
    Counters counters(Duration timeout) throws RunFailure {
        List<Member> live = live();
        List<AgentCalls.Answer<Counters>> answers = calls.ask(clients(live), timeout, a -> a.counters(timeout));
        for (int i = 0; i < live.size(); i++) {
            Member m = live.get(i);
            if (answers.get(i).error() == null) {
                m.last = answers.get(i).value();
                m.misses = 0;
            } else {
                missed(m, answers.get(i).error());
            }
        }
        return merged();
    }

    private static List<AgentClient> clients(List<Member> members) {
        return members.stream().map(m -> m.client).toList();
    }

    /**
     * Every agent's messages so far, summed: what a count-bounded window polls. An agent that does
     * not answer counts with its last counters; misses count as for {@link #counters}.
     */
    long messages(Duration timeout) throws RunFailure {
        List<Member> live = live();
        List<AgentCalls.Answer<Long>> answers = calls.ask(clients(live), timeout, a -> a.messages(timeout));
        long total = 0;
        for (Member m : members) {
            int i = live.indexOf(m);
            if (i >= 0 && answers.get(i).error() == null) {
                total += answers.get(i).value();
                m.misses = 0;
                continue;
            }
            if (i >= 0) {
                missed(m, answers.get(i).error());
            }
            total += m.last == null ? 0 : m.last.messages();
        }
        return total;
    }

    private void missed(Member m, AgentException e) throws RunFailure {
        m.misses++;
        m.lastMiss = e.getMessage();
        if (m.misses >= MISSES_TO_STALE || m.last == null) {
            m.stale = true;
            throw new RunFailure(m.client.name() + " is stale: it missed " + m.misses + " heartbeat"
                    + (m.misses == 1 ? "" : "s") + " in a row (last: " + m.lastMiss + "); nothing it "
                    + "reports from now on is merged");
        }
    }

    /** The agents' hosts, as last read, by agent name. */
    Map<String, HostSample> hosts() {
        Map<String, HostSample> hosts = new LinkedHashMap<>();
        for (Member m : members) {
            hosts.put(m.client.name(), m.last == null ? HostSample.UNKNOWN : m.last.host());
        }
        return hosts;
    }

    /** The last counters of each agent, by agent name. */
    Map<String, Counters> perAgent() {
        Map<String, Counters> per = new LinkedHashMap<>();
        for (Member m : members) {
            if (m.last != null) {
                per.put(m.client.name(), m.last);
            }
        }
        return per;
    }

    private Counters merged() {
        if (members.size() == 1) {
            return members.get(0).last;
        }
        return IntervalMerge.counters(members.stream().map(m -> m.last).toList());
    }

    /** The latencies every agent recorded since the last call, merged exactly; a silent agent's come next time. */
    LatencyInterval latency(Duration timeout) {
        if (members.size() == 1 && !members.get(0).stale) {
            try {
                return members.get(0).client.latency(timeout);
            } catch (AgentException e) {
                return null;
            }
        }
        // an agent that does not answer keeps what its recorder recorded: it comes with the next interval
        return IntervalMerge.latency(calls.ask(clients(live()), timeout, a -> a.latency(timeout)).stream()
                .map(AgentCalls.Answer::value).toList());
    }

    /**
     * The requesters' replies of every agent: their count summed, the round trips since the last call
     * merged exactly; {@code null} when no agent has requesters, or one did not answer (the count would
     * be short).
     */
    ReplyInterval replies(Duration timeout) {
        List<AgentCalls.Answer<ReplyInterval>> answers = calls.ask(clients(live()), timeout, a -> a.replies(timeout));
        if (answers.stream().anyMatch(answer -> answer.error() != null)) {
            return null;
        }
        return IntervalMerge.replies(answers.stream().map(AgentCalls.Answer::value).toList());
    }

    /**
     * Stops every agent's load, all at once; a stale or failing agent is skipped (its last
     * counters stand in).
     */
    Counters stop(List<String> problems) {
        problems.addAll(lines(Parallel.forEach(live(), AGENT_CALL_BOUND, "stop", m -> m.last = m.client.stop())));
        return members.stream().allMatch(m -> m.last != null) ? merged() : null;
    }

    private List<Member> live() {
        return members.stream().filter(m -> !m.stale).toList();
    }

    List<ClientAudit> audit() throws AgentException {
        List<ClientAudit> audits = new ArrayList<>();
        for (Member m : members) {
            if (!m.stale) {
                audits.addAll(m.client.audit());
            }
        }
        return audits;
    }

    /** Closes every agent's clients (and asks local agents to exit); never throws, skips stale agents. */
    void finish(boolean shutdown, List<String> problems) {
        problems.addAll(lines(Parallel.forEach(live(), AGENT_CALL_BOUND, "close", m -> {
            m.client.close();
            if (shutdown) {
                m.client.shutdown();
            }
        })));
        calls.close();
    }

    /** Failures as the run's problems print them: {@code publisher-agent-1: AgentException: ...}. */
    static List<String> lines(List<Parallel.Failure> failures) {
        return failures.stream().map(failure -> failure.item() + ": " + failure.cause()).toList();
    }
}
