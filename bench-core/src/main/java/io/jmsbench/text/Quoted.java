package io.jmsbench.text;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one way a message quotes what a user wrote: secrets taken out, long texts cut. A password in
 * a URL's user part ({@code http://admin:s3cret@host}, {@code admin:s3cret@host}) or in a query
 * ({@code ?password=s3cret}) becomes {@code ***}; a text longer than {@link #LONGEST} characters is
 * shown by its start and its length. Every scenario problem goes through {@link #message}, so a value
 * quoted some other way is still redacted and cut there. Each pass is one linear scan: no regular
 * expression here can backtrack or recurse on a long input.
 */
public final class Quoted {

    /** Texts up to this long are shown whole. */
    public static final int LONGEST = 60;
    private static final int SHOWN = 40;
    /** A run without spaces this long in a message is cut (a value quoted other than by {@link #value}). */
    private static final int LONGEST_WORD = 120;
    private static final int LONGEST_MESSAGE = 1000;
    private static final String HIDDEN = "***";
    private static final Pattern SECRET_PARAMETER = Pattern.compile(
            "(?i)(password|passwd|pwd|secret|token)=[^&\\s,;)'\"]++");

    private Quoted() {
    }

    /** {@code 'text'}, redacted; a long one as {@code 'its first 40 characters...' (123456 characters)}. */
    public static String value(String text) {
        String safe = redact(text);
        if (safe.length() <= LONGEST) {
            return "'" + safe + "'";
        }
        return "'" + head(safe, SHOWN) + "...' (" + text.length() + " characters)";
    }

    /** {@code text} without the passwords of URLs and of {@code password=} parameters. */
    public static String redact(String text) {
        String out = redactUserInfo(text);
        if (out.indexOf('=') < 0) {
            return out;
        }
        Matcher m = SECRET_PARAMETER.matcher(out);
        return m.find() ? m.reset().replaceAll("$1=" + HIDDEN) : out;
    }

    /** A whole message, redacted, with every over-long word and the message itself cut. */
    public static String message(String message) {
        String safe = redact(message);
        StringBuilder out = new StringBuilder(Math.min(safe.length(), LONGEST_MESSAGE + 64));
        int i = 0;
        while (i < safe.length()) {
            int end = i;
            while (end < safe.length() && !Character.isWhitespace(safe.charAt(end))) {
                end++;
            }
            if (end - i > LONGEST_WORD) {
                out.append(head(safe.substring(i, end), SHOWN)).append("... (").append(end - i).append(" characters)");
            } else {
                out.append(safe, i, end);
            }
            if (end < safe.length()) {
                out.append(safe.charAt(end));
                end++;
            }
            i = end;
            if (out.length() > LONGEST_MESSAGE) {
                return out.substring(0, LONGEST_MESSAGE) + "... (" + safe.length() + " characters in all)";
            }
        }
        return out.toString();
    }

    /**
     * Each {@code user:password@} becomes {@code user:***@}: for every {@code @}, the word before it
     * (back to a space, a quote, a bracket, a slash or the previous {@code @}) is a user part, and
     * what follows its first colon is a password.
     */
    private static String redactUserInfo(String text) {
        if (text.indexOf('@') < 0) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length());
        int copied = 0;
        int colon = -1;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '@') {
                if (colon >= 0 && colon + 1 < i) {
                    out.append(text, copied, colon + 1).append(HIDDEN);
                    copied = i;
                }
                colon = -1;
            } else if (c == ':' && colon < 0) {
                colon = i;
            } else if (boundary(c)) {
                colon = -1;
            }
        }
        return out.append(text, copied, text.length()).toString();
    }

    private static boolean boundary(char c) {
        return Character.isWhitespace(c) || c == '\'' || c == '"' || c == '/' || c == '(' || c == ')' || c == '['
                || c == ']' || c == '{' || c == '}' || c == ',' || c == '<' || c == '>';
    }

    /** The first {@code n} characters, never splitting a surrogate pair. */
    private static String head(String text, int n) {
        int end = Math.min(n, text.length());
        if (end > 0 && end < text.length() && Character.isHighSurrogate(text.charAt(end - 1))) {
            end--;
        }
        return text.substring(0, end);
    }
}
