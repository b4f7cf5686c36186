package io.jmsbench.scenario;

/**
 * A rule about a whole scenario that its fields alone cannot tell (what its selectors make of the
 * messages its publishers send), run by the loader on every point of a plan whose fields are
 * sound, and told like any other problem: at a field, with its file position.
 */
@FunctionalInterface
public interface ScenarioCheck {

    /** What is wrong with {@code scenario}, or {@code null}. */
    Failure check(Scenario scenario);

    /** The field it is told at, as a pointer ({@code /subscribers}), and what was expected there. */
    record Failure(String pointer, String message) {
    }
}
