package io.jmsbench.subscriber;

import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSException;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageListener;
import jakarta.jms.Session;
import org.apache.activemq.command.ActiveMQQueue;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;
import java.util.List;

/**
 * Hand-written fakes of the jakarta.jms calls a subscriber makes to connect: one connection with
 * one session and one consumer, whose listener a test calls as the session's delivery thread
 * would ({@link #listener}). Commits count, and fail as told; a call no fake answers throws.
 */
final class FakeSession {

    private MessageListener listener;
    private List<Integer> failingCommits = List.of();
    int commits;
    boolean started;

    /** Commit calls number {@code calls} (from 0) fail. */
    FakeSession failCommits(Integer... calls) {
        failingCommits = List.of(calls);
        return this;
    }

    /** The listener the subscriber set on its consumer. */
    MessageListener listener() {
        return listener;
    }

    ConnectionFactory factory() {
        return fake(ConnectionFactory.class, (proxy, method, args) -> {
            if (!method.getName().equals("createConnection")) {
                throw new UnsupportedOperationException("fake factory: " + method.getName());
            }
            return connection();
        });
    }

    private Connection connection() {
        return fake(Connection.class, (proxy, method, args) -> switch (method.getName()) {
            case "setExceptionListener", "close" -> null;
            case "start" -> {
                started = true;
                yield null;
            }
            case "createSession" -> session();
            default -> throw new UnsupportedOperationException("fake connection: " + method.getName());
        });
    }

    private Session session() {
        return fake(Session.class, (proxy, method, args) -> switch (method.getName()) {
            case "createQueue" -> new ActiveMQQueue((String) args[0]);
            case "createConsumer" -> consumer();
            case "commit" -> {
                if (failingCommits.contains(commits++)) {
                    throw new JMSException("fake: commit " + (commits - 1) + " failed, rolled back");
                }
                yield null;
            }
            default -> throw new UnsupportedOperationException("fake session: " + method.getName());
        });
    }

    private MessageConsumer consumer() {
        return fake(MessageConsumer.class, (proxy, method, args) -> switch (method.getName()) {
            case "setMessageListener" -> {
                listener = (MessageListener) args[0];
                yield null;
            }
            default -> throw new UnsupportedOperationException("fake consumer: " + method.getName());
        });
    }

    private static <T> T fake(Class<T> type, InvocationHandler handler) {
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type},
                (proxy, method, args) -> {
                    if (method.getDeclaringClass() != Object.class) {
                        return handler.invoke(proxy, method, args);
                    }
                    // identity: the proxy's own; a hash and a name: its handler's
                    return method.getName().equals("equals") ? proxy == args[0] : method.invoke(handler, args);
                }));
    }
}
