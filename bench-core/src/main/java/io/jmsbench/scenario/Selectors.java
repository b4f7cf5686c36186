package io.jmsbench.scenario;

import jakarta.jms.InvalidSelectorException;
import org.apache.activemq.filter.BooleanExpression;
import org.apache.activemq.selector.SelectorParser;

/** JMS selectors parsed with ActiveMQ's own selector grammar, the one the broker under test applies. */
public final class Selectors {

    /** Far above any selector written by hand; a longer one is a mistake the grammar need not see. */
    public static final int MAX_LENGTH = 16_384;

    private Selectors() {
    }

    /** The parsed selector; the exception's message is one line saying what the parser rejected. */
    public static BooleanExpression parse(String selector) throws InvalidSelectorException {
        if (selector.length() > MAX_LENGTH) {
            throw new InvalidSelectorException("a selector of at most " + MAX_LENGTH + " characters is read, this one "
                    + "has " + selector.length());
        }
        try {
            return SelectorParser.parse(selector);
        } catch (StackOverflowError e) {
            // the grammar recurses once per parenthesis or NOT: a selector nested thousands deep
            throw new InvalidSelectorException("nested too deeply for the selector parser");
        } catch (InvalidSelectorException e) {
            // ActiveMQ puts the selector in the message and the parser's reason in the cause
            Throwable reason = e.getCause() != null ? e.getCause() : e;
            throw new InvalidSelectorException(oneLine(reason.getMessage()));
        } catch (RuntimeException e) {
            throw new InvalidSelectorException(oneLine(String.valueOf(e.getMessage())));
        }
    }

    private static String oneLine(String message) {
        String first = message == null ? "rejected by the selector parser"
                : message.lines().map(String::strip).filter(l -> !l.isEmpty()).reduce((a, b) -> a + " " + b).orElse("");
        return first.length() > 200 ? first.substring(0, 197) + "..." : first;
    }
}
