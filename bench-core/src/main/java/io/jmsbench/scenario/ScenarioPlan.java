package io.jmsbench.scenario;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A scenario file expanded: the scenario as written ({@code base}), its sweep (field path to the
 * values it takes, in file order), how often each point is repeated, and every point of the
 * cartesian product, resolved and validated, in the stable order the run takes them. With a
 * {@code search} (else {@code null}), the run's points are the search's steps instead: {@code points}
 * then holds the base scenario alone, with no sweep and one repeat. {@code contentSha256} identifies
 * what the file says, comments and layout aside and before any {@code --set}: two runs of the same
 * scenario have the same one ({@code null} for a plan not read from text). {@code claims} are what
 * the file expects of the results ({@code expect:}), checked once the run is over.
 */
public record ScenarioPlan(Scenario base, Map<String, List<Object>> sweep, int repeat, List<Point> points,
                           SearchSpec search, String contentSha256, List<Claim> claims) {

    public ScenarioPlan {
        claims = claims == null ? List.of() : List.copyOf(claims);
        sweep = Collections.unmodifiableMap(new LinkedHashMap<>(sweep));
        points = List.copyOf(points);
    }

    /** The parameter that names a point's case ({@code cases:}). */
    public static final String CASE = "case";
    /** The parameter that names a point's compared set ({@code compare:}): one broker or client of several. */
    public static final String COMPARE = "compare";

    /** One point of the sweep: its index, the swept values, and the scenario they make. */
    public record Point(int index, Map<String, Object> parameters, Scenario scenario) {

        public Point {
            parameters = Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
        }
    }

    public int runs() {
        return points.size() * repeat;
    }
}
