package io.jmsbench.run.progress;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

class RunConsoleTest {

    /** Surefire's JVM writes its standard output to a pipe, as a CI log does. */
    @Test
    void autoIsPlainWhenStandardOutputIsNotATerminal() {
        PrintStream raw = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        try (RunConsole console = RunConsole.open(ProgressMode.AUTO, raw)) {
            assertEquals(ProgressMode.PLAIN, console.mode());
            assertSame(raw, console.out());
        }
    }

    @Test
    void noneShowsNoProgressAndPlainIsPlainWherever() {
        PrintStream raw = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        try (RunConsole none = RunConsole.open(ProgressMode.NONE, raw);
             RunConsole plain = RunConsole.open(ProgressMode.PLAIN, raw)) {
            assertSame(ProgressView.NONE, none.progress());
            assertEquals(ProgressMode.PLAIN, plain.mode());
        }
    }
}
