package io.jmsbench.publisher;

import io.jmsbench.jms.StampReader;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import org.apache.activemq.command.ActiveMQBytesMessage;
import org.apache.activemq.command.ActiveMQQueue;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;

/**
 * Hand-written fakes of the few jakarta.jms calls a publisher makes, over one broker that keeps
 * the audit id of every message it took (read as a subscriber reads it): sends made outside a
 * transaction at once, a transaction's when it commits. It fails the sends and commits it is told
 * to, before taking anything, and says when it has taken enough ({@link #whenTaken}). The messages
 * are ActiveMQ's own classes, which need no connection. A call no fake answers throws.
 */
final class FakeBroker {

    /** The audit ids taken, in order. */
    final List<Long> taken = new ArrayList<>();
    private final List<Long> transaction = new ArrayList<>();
    private final StampReader stamps = new StampReader();
    private int sends;
    private int commits;
    private List<Integer> failingSends = List.of();
    private List<Integer> failingCommits = List.of();
    private int enough = Integer.MAX_VALUE;
    private Runnable then = () -> { };
    int rollbacks;

    /** Send calls number {@code calls} (from 0) fail. */
    FakeBroker failSends(Integer... calls) {
        failingSends = List.of(calls);
        return this;
    }

    /** Commit calls number {@code calls} (from 0) fail, rolling their transaction back. */
    FakeBroker failCommits(Integer... calls) {
        failingCommits = List.of(calls);
        return this;
    }

    /** Runs {@code action} once {@code count} messages were taken. */
    FakeBroker whenTaken(int count, Runnable action) {
        enough = count;
        then = action;
        return this;
    }

    ConnectionFactory factory() {
        return fake(ConnectionFactory.class, (proxy, method, args) -> switch (method.getName()) {
            case "createConnection" -> connection();
            default -> unsupported(method.getName());
        });
    }

    private Connection connection() {
        return fake(Connection.class, (proxy, method, args) -> switch (method.getName()) {
            case "setExceptionListener", "start", "close" -> null;
            case "createSession" -> session((Boolean) args[0]);
            default -> unsupported(method.getName());
        });
    }

    private Session session(boolean transacted) {
        return fake(Session.class, (proxy, method, args) -> switch (method.getName()) {
            case "createQueue" -> new ActiveMQQueue((String) args[0]);
            case "createBytesMessage" -> new ActiveMQBytesMessage();
            case "createProducer" -> producer(transacted);
            case "commit" -> commit();
            case "rollback" -> {
                rollbacks++;
                transaction.clear();
                yield null;
            }
            default -> unsupported(method.getName());
        });
    }

    private MessageProducer producer(boolean transacted) {
        return fake(MessageProducer.class, (proxy, method, args) -> switch (method.getName()) {
            case "setDeliveryMode" -> null;
            case "send" -> send((Message) args[0], transacted);
            default -> unsupported(method.getName());
        });
    }

    private Object send(Message message, boolean transacted) throws JMSException {
        if (failingSends.contains(sends++)) {
            throw new JMSException("fake: send " + (sends - 1) + " failed");
        }
        if (!stamps.read(message)) {
            throw new AssertionError("a message without stamps");
        }
        if (transacted) {
            transaction.add(stamps.id());
        } else {
            take(List.of(stamps.id()));
        }
        return null;
    }

    private Object commit() throws JMSException {
        if (failingCommits.contains(commits++)) {
            transaction.clear();
            throw new JMSException("fake: commit " + (commits - 1) + " failed, rolled back");
        }
        take(transaction);
        transaction.clear();
        return null;
    }

    private void take(List<Long> ids) {
        boolean before = taken.size() >= enough;
        taken.addAll(ids);
        if (!before && taken.size() >= enough) {
            then.run();
        }
    }

    private static Object unsupported(String method) {
        throw new UnsupportedOperationException("the fake does not answer " + method);
    }

    /** {@code type} answered by {@code handler}, but for Object's methods: identity, as any object. */
    private static <T> T fake(Class<T> type, InvocationHandler handler) {
        InvocationHandler withIdentity = (proxy, method, args) -> switch (method.getName()) {
            case "equals" -> proxy == args[0];
            case "hashCode" -> System.identityHashCode(proxy);
            case "toString" -> "fake " + type.getSimpleName();
            default -> handler.invoke(proxy, method, args);
        };
        return type.cast(Proxy.newProxyInstance(FakeBroker.class.getClassLoader(), new Class<?>[] {type},
                withIdentity));
    }
}
