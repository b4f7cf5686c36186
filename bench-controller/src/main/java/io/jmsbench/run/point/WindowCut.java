package io.jmsbench.run.point;

/**
 * The measurement window was cut short by {@code getCause()} (a stall, a failure, an abort):
 * carries what the window had measured by then, which the report still shows.
 */
final class WindowCut extends Exception {

    private final transient Window window;

    WindowCut(Window window, Exception cause) {
        super(cause.getMessage(), cause);
        this.window = window;
    }

    Window window() {
        return window;
    }
}
