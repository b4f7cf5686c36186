package io.jmsbench.protocol;

/**
 * A test hook that makes publishers lose or duplicate messages on purpose, so that tests can prove
 * the audit counts them: every {@code dropEvery}-th message is counted as sent but never sent;
 * every {@code repeatEvery}-th is sent twice under one sequence number; every
 * {@code failAfterSendEvery}-th send is reported failed after the broker took it, so the publisher
 * makes it again (a send in doubt); every {@code failAfterCommitEvery}-th commit of a transacted
 * publisher is reported failed after the broker committed, so it sends the whole transaction again
 * (a commit in doubt). 0: never.
 */
public record PublisherFaults(int dropEvery, int repeatEvery, int failAfterSendEvery, int failAfterCommitEvery) {
}
