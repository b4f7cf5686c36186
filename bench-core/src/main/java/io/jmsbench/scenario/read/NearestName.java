package io.jmsbench.scenario.read;

import java.util.Collection;
import java.util.Comparator;
import java.util.Locale;

/** The valid name a misspelt one was most likely meant to be, for "did you mean" hints. */
final class NearestName {

    private NearestName() {
    }

    /** The name of {@code known} nearest {@code name}, ignoring case, if near enough; {@code null} otherwise. */
    static String of(String name, Collection<String> known) {
        return known.stream()
                .filter(k -> distance(k, name) <= Math.max(2, k.length() / 3))
                .min(Comparator.comparingInt(k -> distance(k, name)))
                .orElse(null);
    }

    /** Levenshtein distance, ignoring case. */
    static int distance(String a, String b) {
        String x = a.toLowerCase(Locale.ROOT);
        String y = b.toLowerCase(Locale.ROOT);
        int[] previous = new int[y.length() + 1];
        int[] current = new int[y.length() + 1];
        for (int j = 0; j <= y.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= x.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= y.length(); j++) {
                int cost = x.charAt(i - 1) == y.charAt(j - 1) ? 0 : 1;
                current[j] = Math.min(Math.min(current[j - 1] + 1, previous[j] + 1), previous[j - 1] + cost);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[y.length()];
    }
}
