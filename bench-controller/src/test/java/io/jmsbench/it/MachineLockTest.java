package io.jmsbench.it;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Failsafe runs the end-to-end classes two at a time (bench-controller's pom), so each must say whether it
 * may share the machine: a class that says nothing fails here, in the unit tests, before it could run beside
 * another. What decides it is in CONTRIBUTING.md ("End-to-end tests run two classes at a time").
 */
class MachineLockTest {

    @Test
    void everyEndToEndClassSaysWhetherItMayShareTheMachine() throws Exception {
        List<Class<?>> classes = endToEndClasses();
        assertTrue(classes.size() >= 20, "the *IT classes beside this one: " + classes);
        List<String> unsaid = new ArrayList<>();
        for (Class<?> c : classes) {
            long said = Stream.of(SharesTheMachine.class, NeedsAnIdleMachine.class)
                    .filter(c::isAnnotationPresent).count();
            if (said != 1) {
                unsaid.add(c.getSimpleName());
            }
        }
        assertEquals(List.of(), unsaid, "each end-to-end class carries exactly one of @SharesTheMachine (none of its"
                + " assertions depends on an idle host) and @NeedsAnIdleMachine (when unsure)");
    }

    private static List<Class<?>> endToEndClasses() throws IOException, URISyntaxException, ClassNotFoundException {
        Path here = Path.of(MachineLockTest.class.getResource("MachineLockTest.class").toURI()).getParent();
        List<Class<?>> classes = new ArrayList<>();
        try (Stream<Path> files = Files.list(here)) {
            for (Path f : files.sorted().toList()) {
                String name = f.getFileName().toString();
                if (name.endsWith("IT.class")) {
                    classes.add(Class.forName(MachineLockTest.class.getPackageName() + "."
                            + name.substring(0, name.length() - ".class".length())));
                }
            }
        }
        return classes;
    }
}
