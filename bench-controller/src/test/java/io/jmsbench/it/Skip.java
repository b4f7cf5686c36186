package io.jmsbench.it;

import org.junit.jupiter.api.Assumptions;

import java.util.function.Supplier;

/** Skips a test with its reason on the console as well: the build's summary counts skips but says not why. */
final class Skip {

    private Skip() {
    }

    static void unless(boolean condition, Supplier<String> reason) {
        if (!condition) {
            String why = reason.get();
            System.out.println("skipped: " + why);
            Assumptions.abort(why);
        }
    }
}
