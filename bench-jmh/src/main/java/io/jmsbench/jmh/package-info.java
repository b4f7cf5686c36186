/**
 * JMH microbenchmarks of what the harness adds to every message apart from the JMS call itself:
 * counting, latency recording, the stream audit, and writing and reading the audit stamps on an
 * ActiveMQ message object (no broker, no connection). Run them with {@code scripts/bench-jmh.sh}.
 * The target is under 50 ns and no allocation per message.
 *
 * <p>The publisher and subscriber benchmarks repeat, line for line, what the publishers'
 * {@code MessageCycle} and {@code CountingSubscriber} do per message (those classes need a session
 * and are package private): a change to either hot path should be made here too.
 */
package io.jmsbench.jmh;
