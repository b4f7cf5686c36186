package io.jmsbench.agent;

/** A request the agent turns down with a 4xx and one sentence. */
final class AgentRefusal extends Exception {

    private final int status;

    AgentRefusal(int status, String sentence) {
        super(sentence);
        this.status = status;
    }

    int status() {
        return status;
    }
}
