package io.jmsbench.agent;

/** An agent that could not be reached, did not answer in time, or refused a request; the message says which. */
public final class AgentException extends Exception {

    public AgentException(String message) {
        super(message);
    }
}
