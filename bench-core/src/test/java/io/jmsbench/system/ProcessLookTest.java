package io.jmsbench.system;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the process on the broker's port is taken for, from command lines as /proc/PID/cmdline shows them. */
class ProcessLookTest {

    /** A command line as /proc/PID/cmdline holds it, its NUL separators written '|' here. */
    private static ProcessLook look(String comm, String cmdline) {
        return ProcessLook.of(comm, Arrays.asList(cmdline.split("\\|")));
    }

    @Test
    void brokersAreKnownByTheirJarMainClassOrBinary() {
        List<String[]> brokers = List.of(
                new String[] {"java", "/usr/bin/java|-Xmx1G|-Dactivemq.home=/opt/activemq|-jar|"
                        + "/opt/activemq/bin/activemq.jar|start", "ActiveMQ Classic (activemq.jar)"},
                new String[] {"java", "java|-cp|/opt/activemq/lib/*|org.apache.activemq.console.Main|start",
                        "ActiveMQ Classic (org.apache.activemq.console.Main)"},
                new String[] {"java", "/usr/lib/jvm/bin/java|-XX:+UseG1GC|-classpath|/opt/artemis/lib/artemis-boot.jar"
                        + "|-Dartemis.home=/opt/artemis|org.apache.activemq.artemis.boot.Artemis|run",
                        "ActiveMQ Artemis (artemis-boot.jar)"},
                new String[] {"java", "java|-Dorg.slf4j.simpleLogger.defaultLogLevel=warn|-jar|"
                        + "/work/bench-controller/target/jmsbench.jar|broker|--kind|activemq", "jmsbench broker"},
                new String[] {"java", "/usr/bin/java|-cp|/x/jmsbench.jar:/x/lib/*|io.jmsbench.cli.Main|broker|"
                        + "--managed", "jmsbench broker"},
                new String[] {"beam.smp", "/usr/lib/erlang/erts-13/bin/beam.smp|-W|w|--|-root|/usr/lib/erlang",
                        "RabbitMQ (Erlang's beam.smp)"},
                new String[] {"qpidd", "/usr/sbin/qpidd|--config|/etc/qpid/qpidd.conf", "the Qpid C++ broker"});
        for (String[] b : brokers) {
            ProcessLook look = look(b[0], b[1]);
            assertEquals(new ProcessLook(ProcessLook.BROKER, b[2]), look, b[1]);
            assertTrue(look.measurable());
        }
    }

    @Test
    void forwardersAndProxiesAreNotTheBroker() {
        List<String[]> forwarders = List.of(
                new String[] {"socat", "socat|TCP-LISTEN:47616,fork,reuseaddr|TCP:127.0.0.1:61616", "socat"},
                new String[] {"kubectl", "kubectl|port-forward|svc/artemis|61616:61616", "kubectl"},
                new String[] {"ssh", "/usr/bin/ssh|-N|-L|61616:broker:61616|bastion", "ssh"},
                new String[] {"haproxy", "/usr/sbin/haproxy|-f|/etc/haproxy/haproxy.cfg", "haproxy"},
                new String[] {"toxiproxy-serve", "/usr/local/bin/toxiproxy-server|-port|8474", "toxiproxy-serve"});
        for (String[] f : forwarders) {
            ProcessLook look = look(f[0], f[1]);
            assertEquals(new ProcessLook(ProcessLook.FORWARDER, f[2] + ", a port forwarder or proxy"), look, f[1]);
            assertFalse(look.measurable());
        }
    }

    @Test
    void anUnknownProgramOrJvmIsNotTheBrokerUnlessTheUserNamesIt() {
        ProcessLook python = look("python3", "/usr/bin/python3|-m|http.server|61616");
        assertEquals(new ProcessLook(ProcessLook.UNKNOWN, "'python3', not a broker jmsbench knows"), python);
        ProcessLook jvm = look("java", "java|-Xmx64m|-cp|/opt/app/lib/*|com.example.TcpRelay|61616");
        assertEquals(new ProcessLook(ProcessLook.UNKNOWN, "a JVM running com.example.TcpRelay, not a broker jmsbench "
                + "knows"), jvm);
        ProcessLook agent = look("java", "java|-jar|/x/jmsbench.jar|agent|--role|monitor");
        assertEquals(ProcessLook.UNKNOWN, agent.kind(), "a jmsbench agent is not a broker");
        assertFalse(jvm.measurable());

        ProcessLook named = jvm.named("--broker-pid");
        assertEquals(ProcessLook.NAMED, named.kind());
        assertEquals("a JVM running com.example.TcpRelay, not a broker jmsbench knows, named by --broker-pid",
                named.looksLike());
        assertTrue(named.measurable());
    }

    @Test
    void thisTestsOwnJvmIsReadFromProc() {
        ProcessLook self = ProcessLook.of(ProcessHandle.current().pid());
        assertEquals(ProcessLook.UNKNOWN, self.kind(), self.toString()); // surefire's JVM: not a broker
        assertTrue(self.looksLike().startsWith("a JVM running "), self.looksLike());
    }
}
