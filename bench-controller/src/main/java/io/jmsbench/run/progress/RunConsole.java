package io.jmsbench.run.progress;

import me.tongfei.progressbar.ProgressBarStyle;

import java.io.PrintStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.time.Clock;

/**
 * Where a run writes for the person watching it: {@link #out} for its messages, {@link #progress}
 * for its progress, both on standard output and kept apart on the screen when the progress is a
 * bar ({@link BarLine}).
 */
public final class RunConsole implements AutoCloseable {

    private final PrintStream out;
    private final ProgressView progress;
    private final ProgressMode mode;
    private final TerminalWidth terminal;

    private RunConsole(PrintStream out, ProgressView progress, ProgressMode mode, TerminalWidth terminal) {
        this.out = out;
        this.progress = progress;
        this.mode = mode;
        this.terminal = terminal;
    }

    /** {@code requested} resolved against {@code raw}: {@code auto} is a bar only on a terminal. */
    public static RunConsole open(ProgressMode requested, PrintStream raw) {
        TerminalWidth terminal = requested == ProgressMode.AUTO || requested == ProgressMode.BAR
                ? TerminalWidth.open() : null;
        ProgressMode mode = requested == ProgressMode.AUTO ? terminal != null ? ProgressMode.BAR : ProgressMode.PLAIN
                : requested;
        return switch (mode) {
            case BAR -> {
                Charset charset = outputCharset();
                BarLine line = new BarLine(new PrintStream(raw, true, charset));
                ProgressBarStyle style = StandardCharsets.UTF_8.equals(charset) ? ProgressBarStyle.UNICODE_BLOCK
                        : ProgressBarStyle.ASCII;
                yield new RunConsole(new PrintStream(line, true, charset),
                        new BarProgress(line, () -> terminal != null ? terminal.columns() : TerminalWidth.FALLBACK,
                                style, Clock.systemDefaultZone()), mode, terminal);
            }
            case PLAIN -> new RunConsole(raw, new PlainProgress(raw, Clock.systemDefaultZone()), mode, null);
            default -> new RunConsole(raw, ProgressView.NONE, ProgressMode.NONE, null);
        };
    }

    /** The encoding standard output was opened with (JDK 17 names it differently from 19 on). */
    private static Charset outputCharset() {
        String name = System.getProperty("stdout.encoding", System.getProperty("sun.stdout.encoding"));
        try {
            return name == null ? Charset.defaultCharset() : Charset.forName(name);
        } catch (IllegalArgumentException unknown) {
            return Charset.defaultCharset();
        }
    }

    public PrintStream out() {
        return out;
    }

    public ProgressView progress() {
        return progress;
    }

    /** What {@code auto} became: {@code bar}, {@code plain} or {@code none}. */
    public ProgressMode mode() {
        return mode;
    }

    @Override
    public void close() {
        out.flush();
        if (terminal != null) {
            terminal.close();
        }
    }
}
