package io.jmsbench.protocol;

/**
 * The user and password an agent's clients log in to the broker with, as they travel in
 * {@code POST /prepare}. Never written to a report or a log: {@link #toString} names the user only.
 */
public record Credentials(String user, String password) {

    @Override
    public String toString() {
        return "user " + user + " (password not shown)";
    }
}
