package io.jmsbench.run.progress;

import java.io.OutputStream;
import java.io.PrintStream;

/**
 * Standard output while a progress bar is on the screen: the bar stays on the last line, and any
 * other line the run prints is written where the bar was, with the bar drawn again below it. The
 * bar is rewritten in place with a carriage return and erased with spaces, so nothing here needs
 * the terminal's escape codes; the bar's renderer keeps it within the terminal's width.
 */
final class BarLine extends OutputStream {

    private final PrintStream raw;
    /** The bar as last rendered, {@code null} when no bar is shown. */
    private String bar;
    /** Whether the bar is on the screen, the cursor right after it. */
    private boolean shown;

    BarLine(PrintStream raw) {
        this.raw = raw;
    }

    /** Draws {@code rendered} over the bar (the progress bar's refresh thread calls this). */
    synchronized void show(String rendered) {
        erase();
        bar = rendered;
        raw.print(rendered);
        raw.flush();
        shown = true;
    }

    /** Takes the bar off the screen: the next line starts where it was. */
    synchronized void hide() {
        erase();
        bar = null;
        raw.flush();
    }

    private void erase() {
        if (shown) {
            raw.print("\r" + " ".repeat(bar.length()) + "\r");
            shown = false;
        }
    }

    @Override
    public synchronized void write(int b) {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) {
        erase();
        raw.write(b, off, len);
        if (bar != null && len > 0 && b[off + len - 1] == '\n') {
            raw.print(bar);
            shown = true;
        }
        raw.flush();
    }

    @Override
    public synchronized void flush() {
        raw.flush();
    }
}
