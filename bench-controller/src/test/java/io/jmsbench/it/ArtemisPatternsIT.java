package io.jmsbench.it;

import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * Every shipped pattern in short on the embedded Artemis over its core protocol: {@link PatternsIT}'s
 * runs and checks ({@link PatternRuns}) on the other broker, in a class of its own so that the two
 * brokers' runs go two at a time (why: {@link PatternsIT}).
 */
@Timeout(900)
@Order(5) // see junit-platform.properties: where each class's thread takes it
@SharesTheMachine
class ArtemisPatternsIT {

    @TempDir
    Path work;

    static Stream<String> runs() {
        return PatternRuns.names();
    }

    @ParameterizedTest(name = "{0} on artemis")
    @MethodSource("runs")
    @Execution(ExecutionMode.CONCURRENT)
    void aPatternRunsInShortDeliversEverythingAndShowsWhatItIsAbout(String name) throws Exception {
        PatternRuns.runAndCheck(work, name, "artemis");
    }
}
