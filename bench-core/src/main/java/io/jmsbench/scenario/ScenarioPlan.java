package io.jmsbench.scenario;

import java.util.List;
import java.util.Map;

/**
 * A scenario file expanded: the scenario as written ({@code base}), its sweep (field path to the
 * values it takes, in file order), how often each point is repeated, and every point of the
 * cartesian product, resolved and validated, in the stable order the run takes them.
 */
public record ScenarioPlan(Scenario base, Map<String, List<Object>> sweep, int repeat, List<Point> points) {

    public ScenarioPlan {
        sweep = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(sweep));
        points = List.copyOf(points);
    }

    /** One point of the sweep: its index, the swept values, and the scenario they make. */
    public record Point(int index, Map<String, Object> parameters, Scenario scenario) {

        public Point {
            parameters = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(parameters));
        }
    }

    public int runs() {
        return points.size() * repeat;
    }
}
