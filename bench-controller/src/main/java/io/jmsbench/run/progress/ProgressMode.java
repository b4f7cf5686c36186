package io.jmsbench.run.progress;

/**
 * How a run shows its progress ({@code run --progress}): a line that rewrites itself on a
 * terminal, plain lines for logs, or nothing beyond the run's own messages.
 */
public enum ProgressMode {
    /** A bar when standard output is a terminal, plain lines otherwise. */
    AUTO,
    /** One line per point that rewrites itself. */
    BAR,
    /** A line every {@link PlainProgress#EVERY_SECONDS} seconds and at each phase change. */
    PLAIN,
    /** No progress lines. */
    NONE
}
