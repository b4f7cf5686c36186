package io.jmsbench.jms;

import io.jmsbench.protocol.TlsPlan;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

@Timeout(30)
class TlsClientsTest {

    private static final TlsPlan TLS13_CHECKED = new TlsPlan(null, null, null, null, List.of("TLSv1.3", "TLSv1.2"),
            true);

    @TempDir
    Path dir;

    @Test
    void anOpenWireUrlGetsTheVersionsAndTheHostCheck() {
        assertEquals("ssl://b:61617?socket.enabledProtocols=TLSv1.3,TLSv1.2&verifyHostName=true",
                TlsClients.openwireUrl("ssl://b:61617", TLS13_CHECKED));
    }

    @Test
    void everyNestedUriOfAFailoverUrlGetsThemAndTheOuterQueryIsLeftAlone() {
        assertEquals("failover:(ssl://a:1?x=1&socket.enabledProtocols=TLSv1.3,TLSv1.2&verifyHostName=true,"
                        + "nio+ssl://b:2?socket.enabledProtocols=TLSv1.3,TLSv1.2&verifyHostName=true)?randomize=false",
                TlsClients.openwireUrl("failover:(ssl://a:1?x=1,nio+ssl://b:2)?randomize=false", TLS13_CHECKED));
    }

    @Test
    void anOpenWireUrlKeepsItsOwnHostCheck() {
        assertEquals("ssl://b:61617?verifyHostName=false",
                TlsClients.openwireUrl("ssl://b:61617?verifyHostName=false",
                        new TlsPlan(null, null, null, null, List.of(), true)));
    }

    @Test
    void anAmqpUrlGetsTransportOptionsAndAFailoverOneNestedOptions() {
        assertEquals("amqps://b:5671?amqp.idleTimeout=1&transport.verifyHost=true"
                        + "&transport.enabledProtocols=TLSv1.3,TLSv1.2",
                TlsClients.amqpUrl("amqps://b:5671?amqp.idleTimeout=1", TLS13_CHECKED));
        assertEquals("failover:(amqps://a:1,amqps://b:2)?failover.nested.transport.verifyHost=true"
                        + "&failover.nested.transport.enabledProtocols=TLSv1.3,TLSv1.2",
                TlsClients.amqpUrl("failover:(amqps://a:1,amqps://b:2)", TLS13_CHECKED));
    }

    @Test
    void aWrongStorePasswordIsOneSentenceThatDoesNotRepeatIt() throws Exception {
        Path store = dir.resolve("trust.p12");
        KeyStore empty = KeyStore.getInstance("PKCS12");
        empty.load(null, null);
        try (OutputStream out = Files.newOutputStream(store)) {
            empty.store(out, "right-one".toCharArray());
        }
        assertNotNull(TlsClients.context(new TlsPlan(store.toString(), "right-one", null, null, List.of(), true)));

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TlsClients.managers(
                new TlsPlan(store.toString(), "wrong-one", null, null, List.of(), true)));
        assertEquals("the truststore " + store + " could not be read: wrong password, or a damaged file",
                e.getMessage());
    }

    @Test
    void aMissingStoreIsNamed() {
        Path missing = dir.resolve("none.p12");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TlsClients.managers(
                new TlsPlan(null, null, missing.toString(), "x", List.of(), true)));
        assertEquals("the keystore " + missing + " is not a readable file", e.getMessage());
    }

    @Test
    void noPasswordIsShownByThePlanOrItsDescription() {
        TlsPlan plan = new TlsPlan("/t.p12", "pw-one", "/k.p12", "pw-two", List.of(), false);
        for (String shown : List.of(plan.toString(), TlsClients.describe(plan))) {
            assertFalse(shown.contains("pw-one") || shown.contains("pw-two"), shown);
        }
        assertEquals("on: protocols the JVM's, verifyHost false, truststore /t.p12, client certificate /k.p12",
                TlsClients.describe(plan));
    }
}
