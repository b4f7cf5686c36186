package io.jmsbench.protocol;

/**
 * One client of a pool: its id in reports, its selector ({@code null}: none, always for
 * publishers), the name of the destination it uses (clients are spread over the destinations),
 * and for a subscriber whether it should audit every publisher's stream (it is expected to get
 * every message of the publishers on its destination).
 */
public record ClientPlan(String id, String selector, String destination, boolean audit) {

    public ClientPlan(String id, String selector, String destination) {
        this(id, selector, destination, false);
    }
}
