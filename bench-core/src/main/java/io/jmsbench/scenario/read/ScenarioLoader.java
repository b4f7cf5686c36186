package io.jmsbench.scenario.read;

import io.jmsbench.scenario.Claim;
import io.jmsbench.scenario.Defaults;
import io.jmsbench.scenario.Problem;
import io.jmsbench.scenario.Scenario;
import io.jmsbench.scenario.ScenarioCheck;
import io.jmsbench.scenario.ScenarioException;
import io.jmsbench.scenario.ScenarioPlan;
import io.jmsbench.scenario.SearchSpec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Reads a scenario file strictly: every field checked, unknown fields refused with the nearest
 * valid name, selectors parsed with the broker's grammar. All mistakes are collected and thrown
 * together, each with its file, line, column and field.
 */
public final class ScenarioLoader {

    private ScenarioLoader() {
    }

    public static Scenario load(Path file) throws ScenarioException {
        return load(file, List.of());
    }

    public static Scenario load(Path file, List<String> overrides) throws ScenarioException {
        return plan(file, overrides).base();
    }

    /** Loads a scenario file with its sweep and repeats expanded, every point validated. */
    public static ScenarioPlan plan(Path file, List<String> overrides) throws ScenarioException {
        return plan(file, overrides, List.of());
    }

    /** {@link #plan(Path, List)}, every point also put through {@code checks}. */
    public static ScenarioPlan plan(Path file, List<String> overrides, List<ScenarioCheck> checks)
            throws ScenarioException {
        String source = file.toString();
        String text = ScenarioText.read(file);
        String defaultName = file.getFileName().toString().replaceFirst("\\.ya?ml$", "");
        return parsePlan(text, source, defaultName, overrides, checks);
    }

    /** Parses scenario text; {@code source} names it in problems, {@code defaultName} is used when it has no name. */
    public static Scenario parse(String text, String source, String defaultName, List<String> overrides)
            throws ScenarioException {
        return parsePlan(text, source, defaultName, overrides).base();
    }

    public static ScenarioPlan parsePlan(String text, String source, String defaultName, List<String> overrides)
            throws ScenarioException {
        return parsePlan(text, source, defaultName, overrides, List.of());
    }

    public static ScenarioPlan parsePlan(String text, String source, String defaultName, List<String> overrides,
                                         List<ScenarioCheck> checks) throws ScenarioException {
        List<Problem> problems = new ArrayList<>();
        YamlTree tree = YamlTree.parse(text, source, problems);
        if (tree == null) {
            throw new ScenarioException(problems);
        }
        String contentSha256 = tree.contentSha256();
        SetOverrides.apply(tree, overrides, problems);
        Fields root = Fields.root(tree, problems);
        FileFields file = readFile(root, defaultName);
        Scenario base = file.base();
        Sweep sweep = file.sweep();
        int repeat = file.repeat();
        SearchSpec search = file.search();
        List<Claim> claims = file.claims();
        // the points are read even when the file has problems: a wrong value in a sweep: list is
        // found only there, and it is often the cause of the file's problem (a claim naming a value
        // the list should have held), so both are told, each at its own line
        List<ScenarioPlan.Point> points = new ArrayList<>();
        Set<Problem> pointProblems = new LinkedHashSet<>();
        for (Sweep.Combination combination : sweep.points()) {
            YamlTree copy = tree.copy();
            List<Problem> these = new ArrayList<>();
            for (Sweep.Assignment a : combination.assignments()) {
                String error = SetOverrides.assign(copy, a.path(), a.node(),
                        new YamlTree.Origin(source, a.location(), a.origin()), a.ownsCreated());
                if (error != null) {
                    these.add(new Problem(source, a.location() == null ? 0 : a.location().getLineNr(),
                            a.location() == null ? 0 : a.location().getColumnNr(), a.path(), error + a.origin()));
                }
            }
            Fields pointRoot = Fields.root(copy, these);
            Scenario scenario = ScenarioReader.read(pointRoot, defaultName);
            if (these.isEmpty() && problems.isEmpty()) {
                for (ScenarioCheck check : checks) {
                    ScenarioCheck.Failure failure = check.check(scenario);
                    if (failure != null) {
                        pointRoot.problemAt(failure.pointer(), failure.message());
                    }
                }
            }
            pointProblems.addAll(these);
            points.add(new ScenarioPlan.Point(points.size(), combination.parameters(), scenario));
        }
        if (problems.isEmpty()) {
            refuseReuseAcrossBrokers(root, points);
        }
        if (!pointProblems.isEmpty() || !problems.isEmpty()) {
            pointProblems.addAll(problems);
            throw new ScenarioException(inFileOrder(new ArrayList<>(pointProblems)));
        }
        return new ScenarioPlan(base, sweep.valuesByKey(), repeat, points, search, contentSha256, claims);
    }

    /** What a scenario file's fields say, before the points are made. */
    record FileFields(Scenario base, Sweep sweep, int repeat, SearchSpec search, List<Claim> claims) {
    }

    /** Reads every field of a scenario file (also what {@link ScenarioSchema} describes). */
    static FileFields readFile(Fields root, String defaultName) {
        Scenario base = ScenarioReader.read(root, defaultName);
        List<Sweep.Case> cases = Sweep.readCases(root.mappings("cases"), ScenarioPlan.CASE);
        List<Sweep.Case> compared = Sweep.readCases(root.mappings("compare"), ScenarioPlan.COMPARE);
        Sweep sweep = Sweep.read(root.has("sweep") ? root.mapping("sweep") : null, cases, compared);
        int repeat = root.integer("repeat", Defaults.REPEAT, 1, Defaults.MAX_REPEAT);
        SearchSpec search = null;
        if (root.has("search")) {
            search = SearchReader.read(root.mapping("search"));
            SearchReader.refuseBeside(root, root.tree(), repeat);
            SearchReader.refuseUnstamped(root, search, base.message());
        }
        List<Claim> claims = ClaimReader.read(root, sweep.valuesByKey());
        if (search != null && !claims.isEmpty()) {
            root.problemAt("/" + ClaimReader.EXPECT, "expected no expect: beside search: (a search's steps are not "
                    + "points of a sweep to make claims about), found " + claims.size() + " claim"
                    + (claims.size() == 1 ? "" : "s"));
        }
        return new FileFields(base, sweep, repeat, search, claims);
    }

    /** One broker for the whole run cannot serve points that ask for different brokers or protocols. */
    private static void refuseReuseAcrossBrokers(Fields root, List<ScenarioPlan.Point> points) {
        if (points.isEmpty() || !points.get(0).scenario().broker().reuse()) {
            return;
        }
        Scenario first = points.get(0).scenario();
        for (ScenarioPlan.Point p : points) {
            Scenario s = p.scenario();
            if (!Objects.equals(s.broker(), first.broker()) || s.provider() != first.provider()) {
                root.problemAt("/broker/reuse", "expected no reuse when the points differ in broker or provider "
                        + "(one broker cannot be each of them), found point " + p.index() + " " + p.parameters());
                return;
            }
        }
    }

    /** The file's problems by position, then those of {@code --set} in the order given. */
    private static List<Problem> inFileOrder(List<Problem> problems) {
        List<Problem> sorted = new ArrayList<>(problems);
        sorted.sort(Comparator.comparing((Problem p) -> p.source().equals(SetOverrides.SOURCE))
                .thenComparingInt(Problem::line).thenComparingInt(Problem::column));
        return sorted;
    }
}
