package io.jmsbench.agent;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import static org.junit.jupiter.api.Assertions.assertEquals;

@Timeout(10)
class ParallelTest {

    @Test
    void everyItemRunsAndOnlyTheFailuresComeBackWithTheirCause() {
        Set<String> ran = ConcurrentHashMap.newKeySet();
        List<Parallel.Failure> failures = Parallel.forEach(List.of("sub-0-0", "sub-0-1: odd", "sub-0-2"),
                Duration.ofSeconds(5), "connect", item -> {
                    ran.add(item);
                    if (!item.equals("sub-0-0")) {
                        throw new IllegalStateException("refused: " + item);
                    }
                });

        assertEquals(Set.of("sub-0-0", "sub-0-1: odd", "sub-0-2"), ran);
        assertEquals(List.of(
                new Parallel.Failure("sub-0-1: odd", "IllegalStateException: refused: sub-0-1: odd"),
                new Parallel.Failure("sub-0-2", "IllegalStateException: refused: sub-0-2")), failures,
                "an item whose name holds \": \" stays whole");
    }

    @Test
    void anItemThatDoesNotFinishInTimeIsAFailureAndIsInterrupted() {
        List<Parallel.Failure> failures = Parallel.forEach(List.of("fast", "slow"), Duration.ofMillis(200), "close",
                item -> {
                    if (item.equals("slow")) {
                        Thread.sleep(30_000);
                    }
                });

        assertEquals(List.of(new Parallel.Failure("slow", "did not finish close within 200 ms")), failures);
    }

    @Test
    void noItemsNoFailures() {
        assertEquals(List.of(), Parallel.forEach(List.<String>of(), Duration.ofMillis(1), "close", item -> {
        }));
    }
}
