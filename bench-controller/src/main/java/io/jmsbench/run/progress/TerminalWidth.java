package io.jmsbench.run.progress;

import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;

import java.io.IOException;

/**
 * Standard output's terminal, through jline (which the progress bar library brings): whether there
 * is one, and how wide it is. Opened without jline's signal handlers, so Ctrl-C still reaches the
 * run's own shutdown hook and stops every JVM the run started.
 */
final class TerminalWidth implements AutoCloseable {

    /** What a bar assumes when the terminal does not say. */
    static final int FALLBACK = 80;
    private static final int NARROWEST = 20;

    private final Terminal terminal;

    private TerminalWidth(Terminal terminal) {
        this.terminal = terminal;
    }

    /** Standard output's terminal, or {@code null} when it is a pipe, a file or a dumb terminal. */
    static TerminalWidth open() {
        if ("dumb".equals(System.getenv("TERM"))) {
            return null;
        }
        try {
            Terminal t = TerminalBuilder.builder().system(true).systemOutput(TerminalBuilder.SystemOutput.SysOut)
                    .nativeSignals(false).dumb(true).build();
            if (Terminal.TYPE_DUMB.equals(t.getType()) || Terminal.TYPE_DUMB_COLOR.equals(t.getType())) {
                t.close();
                return null;
            }
            return new TerminalWidth(t);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    int columns() {
        int width = terminal.getWidth();
        return width >= NARROWEST ? width : FALLBACK;
    }

    @Override
    public void close() {
        try {
            terminal.close();
        } catch (IOException ignored) {
            // the terminal's settings were never changed: nothing to restore
        }
    }
}
