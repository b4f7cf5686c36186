package io.jmsbench;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** Versions of jmsbench and of the libraries it was built with, stamped in at build time. */
public final class Versions {

    public static final String JMSBENCH;
    public static final String ACTIVEMQ;
    public static final String QPID_JMS;
    /** Both the embedded Artemis broker and its JMS client, provider core. */
    public static final String ARTEMIS;
    public static final String RABBITMQ_JMS;

    static {
        Properties p = new Properties();
        try (InputStream in = Versions.class.getResourceAsStream("versions.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        JMSBENCH = p.getProperty("jmsbench", "unknown");
        ACTIVEMQ = p.getProperty("activemq", "unknown");
        QPID_JMS = p.getProperty("qpid-jms", "unknown");
        ARTEMIS = p.getProperty("artemis", "unknown");
        RABBITMQ_JMS = p.getProperty("rabbitmq-jms", "unknown");
    }

    private Versions() {
    }
}
