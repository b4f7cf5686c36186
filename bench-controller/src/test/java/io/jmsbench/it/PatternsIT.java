package io.jmsbench.it;

import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Path;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Every shipped pattern (scenarios/patterns/) runs, in short, on the embedded ActiveMQ over OpenWire
 * (here) and on the embedded Artemis over its core protocol ({@link ArtemisPatternsIT}; the runs and
 * their checks are {@link PatternRuns}): it completes, loses and duplicates nothing, drains, and its
 * report carries what the pattern is about (a profile's target per second, a backlog, the sizes sent,
 * each publisher group's rate, messages expired apart from lost ones, each message group kept on one
 * consumer). The verdict is printed, not asserted: on 2 shared cores a fixed rate may be missed, which
 * the run must say and this test need not forbid.
 *
 * <p>Two classes, one per broker, so that their runs go two at a time: {@code @Execution(CONCURRENT)}
 * on a parameterized method is not enough, as JUnit forks a template's invocations (dynamic children)
 * only while the worker's own queue holds fewer than the pool's parallelism, and the classes not yet
 * started wait in that queue; so one class's runs went one after the other (311 s), while two classes
 * are two tasks either thread takes. The pool's two threads keep it to two runs at once. A run is
 * mostly its four JVMs starting and waiting. Nothing asserted depends on an idle host: no verdict or
 * rate, only what was delivered (the drain waits up to 30 s for it) and what the report shows; each
 * run has its own directory, and its broker and agents bind free ports.
 */
@Timeout(900)
@Order(Integer.MAX_VALUE - 2) // see junit-platform.properties: where each class's thread takes it
@SharesTheMachine
class PatternsIT {

    @TempDir
    Path work;

    @Test
    void everyShippedPatternHasItsRowHere() throws IOException {
        assertEquals(PatternRuns.shipped(), PatternRuns.names().collect(Collectors.toCollection(TreeSet::new)),
                "a shipped pattern needs its row in PatternRuns.PATTERNS");
    }

    static Stream<String> runs() {
        return PatternRuns.names();
    }

    @ParameterizedTest(name = "{0} on activemq")
    @MethodSource("runs")
    @Execution(ExecutionMode.CONCURRENT)
    void aPatternRunsInShortDeliversEverythingAndShowsWhatItIsAbout(String name) throws Exception {
        PatternRuns.runAndCheck(work, name, "activemq");
    }
}
