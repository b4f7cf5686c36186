package io.jmsbench.jms;

import org.apache.qpid.jms.message.JmsBytesMessage;
import org.apache.qpid.jms.provider.amqp.message.AmqpJmsMessageFacade;
import org.apache.qpid.proton.amqp.Binary;
import org.apache.qpid.proton.amqp.messaging.Data;
import org.apache.qpid.proton.amqp.messaging.Section;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * The body of a qpid-jms bytes message as the AMQP message holds it: the bytes of its one
 * {@link Data} section, reached through qpid-jms's package-private {@code getBody()}. Through JMS
 * a read of the body wraps it in a new buffer, input stream and {@code DataInputStream} each time
 * the message is reset (about 300 B per stream); this reads it where it is and allocates nothing.
 */
final class QpidBody {

    /** {@code (Object facade) -> Object section}; {@code null} when qpid-jms no longer has the method. */
    private static final MethodHandle GET_BODY = getBody();

    private QpidBody() {
    }

    private static MethodHandle getBody() {
        try {
            return MethodHandles.privateLookupIn(AmqpJmsMessageFacade.class, MethodHandles.lookup())
                    .findVirtual(AmqpJmsMessageFacade.class, "getBody", MethodType.methodType(Section.class))
                    .asType(MethodType.methodType(Object.class, Object.class));
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    /** The body's bytes, or {@code null} when it is not one {@link Data} section or cannot be reached. */
    static Binary of(JmsBytesMessage message) {
        Object facade = message.getFacade();
        if (GET_BODY == null || !(facade instanceof AmqpJmsMessageFacade)) {
            return null;
        }
        try {
            return (Object) GET_BODY.invokeExact(facade) instanceof Data data ? data.getValue() : null;
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) { // a getter: it throws nothing checked, the handle only declares it
            throw new IllegalStateException(e);
        }
    }
}
