package io.jmsbench.system;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(30)
class TcpListenersTest {

    /** As this kernel writes it: a listener on 127.0.0.1:61584 (F090), one on every address :5672, an established connection. */
    private static final String TCP = """
              sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
               0: 0100007F:F090 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 40123 1 0000000000000000 100 0 0 10 0
               1: 00000000:1628 00000000:0000 0A 00000000:00000000 00:00000000 00000000   104        0 40200 1 0000000000000000 100 0 0 10 0
               2: 0100007F:F090 0100007F:C350 01 00000000:00000000 00:00000000 00000000     0        0 40999 1 0000000000000000 20 4 30 10 -1
            """;

    /** ::1 on 15680 (3D40), :: on 1099 and ::ffff:127.0.0.1 on 5673, as tcp6 writes them. */
    private static final String TCP6 = """
              sl  local_address                         remote_address                        st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
               0: 00000000000000000000000001000000:3D40 00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 51001 1 0000000000000000 100 0 0 10 0
               1: 00000000000000000000000000000000:044B 00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 51002 1 0000000000000000 100 0 0 10 0
               2: 0000000000000000FFFF00000100007F:1629 00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 51003 1 0000000000000000 100 0 0 10 0
            """;

    @Test
    void listenersAreReadWithTheirAddressPortAndInodeAndOtherStatesAreSkipped() throws Exception {
        List<TcpListeners.Listener> listeners = TcpListeners.parse(TCP);
        assertEquals(List.of(new TcpListeners.Listener(InetAddress.getByName("127.0.0.1"), 61584, 40123),
                new TcpListeners.Listener(InetAddress.getByName("0.0.0.0"), 5672, 40200)), listeners);
    }

    @Test
    void ipv6AddressesAreReadWordByWord() throws Exception {
        List<TcpListeners.Listener> listeners = TcpListeners.parse(TCP6);
        assertEquals(InetAddress.getByName("::1"), listeners.get(0).address());
        assertEquals(15680, listeners.get(0).port());
        assertTrue(listeners.get(1).address().isAnyLocalAddress());
        assertEquals(1099, listeners.get(1).port());
        assertEquals(InetAddress.getByName("127.0.0.1"), listeners.get(2).address(), "an IPv4-mapped address reads as IPv4");
        assertEquals(51003, listeners.get(2).inode());
    }

    @Test
    void aListenerOnEveryAddressServesLoopbackAndOneOnLoopbackServesNoOtherAddress() throws Exception {
        List<TcpListeners.Listener> listeners = TcpListeners.parse(TCP);
        InetAddress loopback = InetAddress.getByName("127.0.0.1");
        assertTrue(listeners.get(0).serves(loopback));
        assertTrue(listeners.get(1).serves(loopback));
        assertFalse(listeners.get(0).serves(InetAddress.getByName("10.0.0.2")));
        assertTrue(listeners.get(1).serves(InetAddress.getByName("10.0.0.2")));
    }

    @Test
    void linesThatAreNotTheKernelsFormatAreSkipped() {
        assertEquals(List.of(), TcpListeners.parse("garbage\n 0: zz:zz 00000000:0000 0A a b c d e f\n\n"));
    }

    @Test
    void theCpuTimeOfAStatLineIsUtimePlusStimeWhateverTheCommandName() {
        String stat = "4242 (java (x) y) S 1 4242 4242 0 -1 4194560 5000 0 0 0 250 75 0 0 20 0 40 0 1000 0 0";
        assertEquals(325 * 10_000_000L, ProcessCpu.parseNanos(stat));
    }

    @Test
    void theProcessListeningOnALoopbackPortIsThisJvm() throws Exception {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            ListeningProcess found = ListeningProcess.find("127.0.0.1", socket.getLocalPort()).orElseThrow();
            assertEquals(ProcessHandle.current().pid(), found.pid());
            assertEquals("java", found.command());
            assertTrue(found.cpuNanos() > 0);
        }
    }

    @Test
    void anotherMachinesPortIsNotLookedFor() {
        assertTrue(ListeningProcess.find("192.0.2.1", 61616).isEmpty(), "TEST-NET-1 is no address of this machine");
    }
}
