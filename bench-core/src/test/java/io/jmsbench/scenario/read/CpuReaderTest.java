package io.jmsbench.scenario.read;

import io.jmsbench.scenario.CpuSpec;
import io.jmsbench.scenario.Problem;
import io.jmsbench.scenario.Scenario;
import io.jmsbench.scenario.ScenarioException;
import io.jmsbench.system.CpuCores;
import io.jmsbench.system.CpuList;
import io.jmsbench.system.CpuPartitions;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code cpus:} read and refused at its line; CPUs 0 and 1 are ones every machine this runs on has. */
class CpuReaderTest {

    private static Scenario load(String yaml, String... overrides) throws ScenarioException {
        return ScenarioLoader.parse(yaml, "test.yaml", "t", List.of(overrides));
    }

    private static List<String> problems(String yaml, String... overrides) {
        ScenarioException e = assertThrows(ScenarioException.class, () -> load(yaml, overrides));
        return e.problems().stream().map(Problem::format).toList();
    }

    @Test
    void sharedByDefaultAutoOrListsWhenAsked() throws ScenarioException {
        assertEquals(CpuSpec.SHARED, load("name: t\n").cpus());
        assertEquals(CpuSpec.Mode.AUTO, load("name: t\ncpus: auto\n").cpus().mode());
        assertEquals(CpuSpec.Mode.AUTO, load("name: t\n", "cpus=auto").cpus().mode());
        CpuSpec lists = load("name: t\ncpus: {broker: '0', clients: '1'}\n").cpus();
        assertEquals(new CpuSpec(CpuSpec.Mode.LISTS, CpuList.of(0), CpuList.of(1), CpuList.of(1), false), lists);
    }

    @Test
    void autoGivesTheBrokerTheLargerHalfAndTheSubscribersTheOddCpu() {
        CpuPartitions two = CpuSpec.split(CpuList.parse("0-1"), CpuCores.NONE);
        assertEquals(List.of("0", "1", "1", "1"), List.of(two.broker().toString(), two.publishers().toString(),
                two.subscribers().toString(), two.controller().toString()));
        CpuPartitions eight = CpuSpec.split(CpuList.parse("0-7"), CpuCores.NONE);
        assertEquals(List.of("0-3", "4-5", "6-7"), List.of(eight.broker().toString(),
                eight.publishers().toString(), eight.subscribers().toString()));
        CpuPartitions six = CpuSpec.split(CpuList.parse("2-7"), CpuCores.NONE);
        assertEquals(List.of("2-4", "5", "6-7"), List.of(six.broker().toString(), six.publishers().toString(),
                six.subscribers().toString()));
        assertNull(CpuSpec.split(CpuList.of(3), CpuCores.NONE), "one CPU cannot be split");
    }

    @Test
    void autoKeepsEachCoresSmtSiblingsInOnePartition() {
        // 4 cores of 2 threads, numbered as most x86 machines do: CPU n and n + 4 share a core
        CpuCores apart = CpuCores.of(cpu -> CpuList.of(cpu % 4, cpu % 4 + 4));
        CpuPartitions eight = CpuSpec.split(CpuList.parse("0-7"), apart);
        assertEquals(List.of("0-1,4-5", "2,6", "3,7"), List.of(eight.broker().toString(),
                eight.publishers().toString(), eight.subscribers().toString()));
        // the same, numbered thread by thread: CPU 2k and 2k + 1 share a core
        CpuCores adjacent = CpuCores.of(cpu -> CpuList.of(cpu - cpu % 2, cpu - cpu % 2 + 1));
        CpuPartitions paired = CpuSpec.split(CpuList.parse("0-7"), adjacent);
        assertEquals(List.of("0-3", "4-5", "6-7"), List.of(paired.broker().toString(),
                paired.publishers().toString(), paired.subscribers().toString()));
        // 2 cores of 2 threads: the broker one core, the clients the other, split thread by thread
        CpuPartitions four = CpuSpec.split(CpuList.parse("0-3"), CpuCores.of(cpu -> CpuList.of(cpu % 2, cpu % 2 + 2)));
        assertEquals(List.of("0,2", "1", "3"), List.of(four.broker().toString(), four.publishers().toString(),
                four.subscribers().toString()));
        // one core's two threads: nothing to keep apart, so they are split as CPUs
        CpuPartitions oneCore = CpuSpec.split(CpuList.parse("0-1"), CpuCores.of(cpu -> CpuList.parse("0-1")));
        assertEquals(List.of("0", "1", "1"), List.of(oneCore.broker().toString(), oneCore.publishers().toString(),
                oneCore.subscribers().toString()));
        // a mask holding one thread of a core: that thread is a core of its own
        CpuPartitions masked = CpuSpec.split(CpuList.parse("0-4"), apart);
        assertEquals(List.of("0-1,4", "2", "3"), List.of(masked.broker().toString(), masked.publishers().toString(),
                masked.subscribers().toString()));
    }

    @Test
    void whatCannotWorkIsRefusedAtTheFieldsLine() {
        assertEquals(List.of("test.yaml:2:30: cpus.clients: expected CPUs apart from broker (0), found CPU 0 in both "
                        + "(to let publishers and subscribers share CPUs, give one clients: list)"),
                problems("name: t\ncpus: {broker: '0', clients: '0-1'}\n"));
        assertEquals(List.of("test.yaml:2:51: cpus.subscribers: expected CPUs apart from publishers (1), found CPU 1 "
                        + "in both (to let publishers and subscribers share CPUs, give one clients: list)"),
                problems("name: t\ncpus: {broker: '0', publishers: '1', subscribers: '1'}\n"));
        List<String> outside = problems("name: t\ncpus: {broker: '4000', clients: '1'}\n");
        assertTrue(outside.get(0).startsWith("test.yaml:2:16: cpus.broker: expected CPUs this process may use (its "
                + "affinity mask is "), outside.toString());
        assertEquals(List.of("test.yaml:2:7: cpus: expected publishers and subscribers (or clients, one list for "
                + "both): every role needs CPUs"), problems("name: t\ncpus: {broker: '0'}\n"));
        assertEquals(List.of("test.yaml:2:16: cpus.broker: expected a range from its lower CPU to its higher, found "
                + "\"3-1\""), problems("name: t\ncpus: {broker: '3-1', clients: '1'}\n"));
        assertEquals(List.of("test.yaml:2:7: cpus: expected auto, shared, or a mapping of CPU lists (broker, "
                + "publishers, subscribers or clients), found 'everywhere'"), problems("name: t\ncpus: everywhere\n"));
    }

    @Test
    void partitionsAreForThisMachinesJvmsOnly() {
        assertEquals(List.of("test.yaml:1:7: cpus: expected cpus only with local agents (it places the JVMs of this "
                        + "machine), found remote agents in agents.publishers"),
                problems("cpus: auto\nagents: {publishers: ['10.0.0.2:7070'], subscribers: ['10.0.0.3:7070']}\n"));
        assertEquals(List.of("test.yaml:2:30: cpus.broker: expected pinExternal: true beside broker: an external "
                        + "broker's process is pinned only when you allow it"),
                problems("broker: {url: 'tcp://localhost:61616'}\ncpus: {clients: '1', broker: '0'}\n"));
        assertEquals(List.of("test.yaml:2:48: cpus.pinExternal: expected pinExternal only with an external broker "
                        + "(broker.url): the embedded broker is always pinned"),
                problems("name: t\ncpus: {broker: '0', clients: '1', pinExternal: true}\n"));
    }
}
