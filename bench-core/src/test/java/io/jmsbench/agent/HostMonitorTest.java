package io.jmsbench.agent;

import io.jmsbench.protocol.BrokerProcessMissing;
import io.jmsbench.protocol.BrokerProcessSample;
import io.jmsbench.protocol.PoolPlan;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.function.ToIntFunction;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The monitor's choice of the broker's port, and the broker's process in the counters it serves. */
@Timeout(30)
class HostMonitorTest {

    private static final ToIntFunction<String> URL_PORT = url -> URI.create(url).getPort();

    @Test
    void theBrokerPortOptionWinsOverTheUrlsPort() {
        assertEquals(61617, HostMonitor.brokerPort(61617, "tcp://broker:61616", URL_PORT));
        assertEquals(61616, HostMonitor.brokerPort(null, "tcp://broker:61616", URL_PORT));
        assertEquals(-1, HostMonitor.brokerPort(null, null, URL_PORT), "no prepare yet, no option");
    }

    @Test
    void beforeAnyPrepareWithoutThePortOptionTheBrokerProcessIsMissingForWantOfAPort() {
        BrokerProcessSample broker = new HostMonitor(null, URL_PORT).counters().host().brokerProcess();

        assertEquals(BrokerProcessMissing.NO_PORT, broker.missing());
        assertEquals(-1, broker.cpuNanos());
    }

    @Test
    void thePreparedUrlsPortFindsTheProcessListeningThere() throws Exception {
        try (ServerSocket broker = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            HostMonitor monitor = new HostMonitor(null, URL_PORT);
            monitor.prepare(plan("tcp://10.0.0.9:" + broker.getLocalPort()), Duration.ofSeconds(5));

            BrokerProcessSample found = monitor.counters().host().brokerProcess();

            assertEquals(ProcessHandle.current().pid(), found.pid(), found.toString());
            assertEquals(broker.getLocalPort(), found.port());
        }
    }

    private static PoolPlan plan(String url) {
        return new PoolPlan("run", null, url, null, null, List.of(), null, Double.NaN, null, List.of(), 0, null);
    }
}
