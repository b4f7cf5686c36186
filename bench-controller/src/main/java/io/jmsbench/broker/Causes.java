package io.jmsbench.broker;

/** A failure's chain of causes read for what it says: providers wrap the broker's words in exceptions of their own. */
public final class Causes {

    private Causes() {
    }

    /** The outermost failure in {@code failure}'s chain that is a {@code type}; {@code null} if none is. */
    public static <T extends Throwable> T find(Throwable failure, Class<T> type) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (type.isInstance(t)) {
                return type.cast(t);
            }
        }
        return null;
    }

    /** The innermost message of the chain that says something, stripped; {@code null} if none does. */
    static String innermostWords(Throwable failure) {
        String words = null;
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t.getMessage() != null && !t.getMessage().isBlank()) {
                words = t.getMessage().strip();
            }
        }
        return words;
    }
}
