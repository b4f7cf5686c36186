package io.jmsbench.broker;

import io.jmsbench.scenario.BrokerTuning;
import io.jmsbench.scenario.Defaults;
import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.core.config.impl.ConfigurationImpl;
import org.apache.activemq.artemis.core.remoting.impl.netty.TransportConstants;
import org.apache.activemq.artemis.core.server.JournalType;
import org.apache.activemq.artemis.core.settings.impl.AddressFullMessagePolicy;
import org.apache.activemq.artemis.core.settings.impl.AddressSettings;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** What {@link EmbeddedArtemis} starts with: its configuration from the scenario's tuning, and its acceptors' TLS. */
final class ArtemisConfiguration {

    private static final long MB = 1024L * 1024;

    private ArtemisConfiguration() {
    }

    /**
     * The broker's configuration: one acceptor per protocol of {@code protocols} on the port of the same
     * index in {@code ports}, its stores under {@code data}, {@code tuning}'s limits and journal settings.
     */
    static Configuration of(String host, List<String> protocols, List<Integer> ports, Path data, boolean persistent,
                            BrokerTuning tuning) throws Exception {
        Configuration c = new ConfigurationImpl();
        c.setName("jmsbench");
        c.setJMXManagementEnabled(false);
        c.setSecurityEnabled(false);
        c.setPersistenceEnabled(persistent);
        c.setJournalType(JournalType.NIO);
        c.setJournalDirectory(data.resolve("journal").toString());
        c.setBindingsDirectory(data.resolve("bindings").toString());
        c.setPagingDirectory(data.resolve("paging").toString());
        c.setLargeMessagesDirectory(data.resolve("large-messages").toString());
        c.setNodeManagerLockDirectory(data.toString());
        // its default (block every producer once the disk is 90% full) would stall a run for a reason
        // that has nothing to do with the scenario on a shared machine's busy disk
        c.setMaxDiskUsage(-1);
        if (tuning.journalDiskSyncs() != null) {
            c.setJournalSyncTransactional(tuning.journalDiskSyncs());
            c.setJournalSyncNonTransactional(tuning.journalDiskSyncs());
        }
        if (tuning.journalMaxFileLengthMb() != null) {
            c.setJournalFileSize((int) Math.min(Integer.MAX_VALUE, tuning.journalMaxFileLengthMb() * MB));
        }
        // like ActiveMQ Classic's memory limit, one bound for the whole broker rather than per address
        c.setGlobalMaxSize(tuning.memoryLimitMb() * MB);
        AddressSettings everyAddress = new AddressSettings();
        everyAddress.setMaxSizeBytes(-1);
        everyAddress.setAddressFullMessagePolicy(policy(tuning.addressFullPolicy()));
        c.addAddressSetting("#", everyAddress);
        for (int i = 0; i < protocols.size(); i++) {
            String protocol = protocols.get(i);
            c.addAcceptorConfiguration(protocol.toLowerCase(Locale.ROOT),
                    "tcp://" + host + ":" + ports.get(i) + "?protocols=" + protocol);
        }
        return c;
    }

    private static AddressFullMessagePolicy policy(BrokerTuning.AddressFullPolicy policy) {
        return switch (policy == null ? Defaults.ADDRESS_FULL_POLICY : policy) {
            case BLOCK -> AddressFullMessagePolicy.BLOCK;
            case PAGE -> AddressFullMessagePolicy.PAGE;
            case FAIL -> AddressFullMessagePolicy.FAIL;
        };
    }

    /** Set on the parsed acceptors rather than in their URIs, so that no password is in a string Artemis may log. */
    static Map<String, Object> tlsParams(ServerTls tls) {
        Map<String, Object> p = new HashMap<>();
        p.put(TransportConstants.SSL_ENABLED_PROP_NAME, true);
        p.put(TransportConstants.KEYSTORE_PATH_PROP_NAME, tls.keyStore());
        p.put(TransportConstants.KEYSTORE_PASSWORD_PROP_NAME, tls.keyStorePassword());
        if (tls.needClientAuth()) {
            p.put(TransportConstants.NEED_CLIENT_AUTH_PROP_NAME, true);
            p.put(TransportConstants.TRUSTSTORE_PATH_PROP_NAME, tls.trustStore());
            if (tls.trustStorePassword() != null) {
                p.put(TransportConstants.TRUSTSTORE_PASSWORD_PROP_NAME, tls.trustStorePassword());
            }
        }
        return p;
    }
}
