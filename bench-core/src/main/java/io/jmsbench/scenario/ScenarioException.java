package io.jmsbench.scenario;

import java.util.List;
import java.util.stream.Collectors;

/** A scenario that cannot be run, with every mistake found in it. */
public final class ScenarioException extends Exception {

    private final List<Problem> problems;

    public ScenarioException(List<Problem> problems) {
        super(problems.stream().map(Problem::format).collect(Collectors.joining("\n")));
        if (problems.isEmpty()) {
            throw new IllegalArgumentException("a ScenarioException needs at least one problem");
        }
        this.problems = List.copyOf(problems);
    }

    public List<Problem> problems() {
        return problems;
    }
}
