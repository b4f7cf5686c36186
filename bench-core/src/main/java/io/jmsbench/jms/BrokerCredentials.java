package io.jmsbench.jms;

/**
 * The user and password the clients log in to the broker with. They come from the controller's
 * environment or a file, travel to the agents in the prepare call, and are never written to a
 * report or a log: {@link #toString} names the user only.
 */
public record BrokerCredentials(String user, String password) {

    @Override
    public String toString() {
        return "user " + user + " (password not shown)";
    }
}
