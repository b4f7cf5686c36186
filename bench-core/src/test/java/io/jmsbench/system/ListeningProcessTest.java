package io.jmsbench.system;

import io.jmsbench.protocol.BrokerProcessMissing;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** How a monitor agent finds the process on a port of its host, and why it says it found none. */
@Timeout(30)
class ListeningProcessTest {

    private static final TcpListeners.Listener ON_61616 = new TcpListeners.Listener(loopback(), 61616, 4242);

    @Test
    void theProcessListeningOnThePortIsFoundThroughProc() throws Exception {
        try (ServerSocket socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            ListeningProcess.Lookup found = ListeningProcess.onPort(socket.getLocalPort());

            assertNull(found.missing());
            assertEquals(ProcessHandle.current().pid(), found.process().pid());
        }
    }

    @Test
    void aPortNothingListensOnIsNotListening() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }
        ListeningProcess.Lookup none = ListeningProcess.onPort(port);

        assertNull(none.process());
        assertEquals(BrokerProcessMissing.NOT_LISTENING, none.missing());
    }

    @Test
    void eachReasonIsTyped() {
        assertEquals(BrokerProcessMissing.NO_PORT,
                ListeningProcess.onPort(-1, true, List.of(ON_61616), inode -> Optional.empty()).missing());
        assertEquals(BrokerProcessMissing.PROC_UNREADABLE,
                ListeningProcess.onPort(61616, false, List.of(), inode -> Optional.empty()).missing());
        assertEquals(BrokerProcessMissing.NOT_LISTENING,
                ListeningProcess.onPort(61617, true, List.of(ON_61616), inode -> Optional.empty()).missing());
        assertEquals(BrokerProcessMissing.OTHER_USER,
                ListeningProcess.onPort(61616, true, List.of(ON_61616), inode -> Optional.empty()).missing(),
                "a socket listens, but no process we may read holds it");
        ListeningProcess broker = new ListeningProcess(77, "java");
        assertEquals(broker, ListeningProcess.onPort(61616, true, List.of(ON_61616),
                inode -> inode == 4242 ? Optional.of(broker) : Optional.empty()).process());
    }

    @Test
    void eachReasonSaysWhatToDo() {
        assertEquals("no process listens on port 61616 on its host (run it on the broker's host, or give it "
                + "--broker-port when the URL's port is not the one the broker listens on)",
                BrokerProcessMissing.NOT_LISTENING.describe(61616));
        assertEquals("the process listening on port 61616 belongs to another user (run the monitor as the broker's "
                + "user or as root)", BrokerProcessMissing.OTHER_USER.describe(61616));
    }

    private static InetAddress loopback() {
        return InetAddress.getLoopbackAddress();
    }
}
