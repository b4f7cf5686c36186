package io.jmsbench.run.faults;

/** What a partition does: a network link of this machine taken down and brought up again. */
public interface NetworkLinks {

    /** Sets {@code link} down or up; returns why it could not, or {@code null}. Returns once done. */
    String set(String link, boolean up);

    /** Why {@code link} cannot be used here (no such link), or {@code null}. */
    String problem(String link);
}
