package io.jmsbench.scenario.read;

import io.jmsbench.scenario.Defaults;
import io.jmsbench.scenario.Phases;
import io.jmsbench.scenario.Problem;
import io.jmsbench.scenario.PublishRate;
import io.jmsbench.scenario.RateSegment;
import io.jmsbench.text.Durations;
import io.jmsbench.text.Quoted;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Reads {@code publishers.rate}: {@code max}, {@code sustainable}, a total in msgs/s, or a profile, a list
 * of segments ({@link RateSegment}) each of one kind: {@code rate} (hold), {@code ramp} or {@code burst}.
 */
final class RateProfileReader {

    static final String KEY = "rate";
    private static final String EXPECTED = "max (saturated), sustainable (found by a closed loop), a total rate in "
            + "msgs/s above 0, or a profile: a list of segments such as {rate: 1000, for: 30s}";
    private static final String PROFILE = "a profile: segments applied in order from the publishers' start, each "
            + "{rate: R, for: D}, {ramp: R, over: D} or {burst: R, for: D, every: D, over: D}";
    private static final List<String> KINDS = List.of("rate", "ramp", "burst");
    private static final Duration SHORTEST = Duration.ofMillis(1);

    private RateProfileReader() {
    }

    /** The rate at {@code rate} of the publishers' mapping {@code f}. */
    static PublishRate rate(Fields f) {
        if (f.nested().isList(KEY)) {
            return profile(f, f.nested().mappingsOrText(KEY, PROFILE, Defaults.PUBLISH_RATE.text(),
                    () -> ValueSchemas.rate(EXPECTED, true, true)));
        }
        String text = f.string(KEY, Defaults.PUBLISH_RATE.text(), () -> ValueSchemas.rate(EXPECTED, true, true));
        try {
            return text.strip().startsWith("[") ? parse(text) : PublishRate.parse(text);
        } catch (IllegalArgumentException e) {
            f.problem(KEY, e.getMessage());
            return Defaults.PUBLISH_RATE;
        }
    }

    /**
     * Refuses a profile beside what needs a steady rate or a window of messages: an auto warm-up
     * or window waits for rates to settle, which a changing rate never does, and a window of
     * messages would end at a time the profile cannot know. {@code pointer}: where the rate is.
     */
    static void checkPhases(Fields root, String pointer, PublishRate rate, Phases phases) {
        if (!(rate instanceof PublishRate.Profile)) {
            return;
        }
        String found = phases.warmupAuto() ? "phases.warmup: auto" : phases.measureAuto() ? "phases.measure: auto"
                : phases.messages() > 0 ? "phases.messages: " + phases.messages() : null;
        if (found != null) {
            root.problemAt(pointer, "expected fixed phases.warmup and phases.measure (such as 10s) and "
                    + "no phases.messages with a rate profile, found " + found + ": "
                    + (phases.messages() > 0 && !phases.warmupAuto() && !phases.measureAuto()
                    ? "the window must be a time for the profile's seconds to be known"
                    : "a changing rate is never steady, so an auto phase would never end as asked"));
        }
    }

    /** A profile given as one text ({@code rate: '[{rate: 1000}]'}), read as a list; refused in one sentence. */
    static PublishRate parse(String text) {
        List<Problem> problems = new ArrayList<>();
        YamlTree tree = YamlTree.parse(KEY + ": " + text, "publishers.rate", problems);
        PublishRate rate = tree == null ? null : rate(Fields.root(tree, problems));
        if (!problems.isEmpty() || rate == null) {
            throw new IllegalArgumentException(problems.isEmpty() ? "expected " + EXPECTED + ", found " + Quoted.value(text)
                    : where(problems.get(0)) + problems.get(0).message());
        }
        return rate;
    }

    /** Which segment of a profile read from one text a problem is in: {@code at [1].for: }. */
    private static String where(Problem problem) {
        String inside = problem.field().startsWith(KEY) ? problem.field().substring(KEY.length()) : "";
        return inside.isEmpty() ? "" : "at " + inside + ": ";
    }

    private static PublishRate profile(Fields f, List<Fields> items) {
        if (items.isEmpty()) {
            if (f.listSize(KEY) == 0) {
                f.problem(KEY, PublishRate.Profile.EMPTY);
            }
            return Defaults.PUBLISH_RATE;
        }
        List<RateSegment> segments = new ArrayList<>();
        List<Fields> read = new ArrayList<>();
        for (Fields s : items) {
            RateSegment segment = segment(s);
            if (segment != null) {
                segments.add(segment);
                read.add(s);
            }
        }
        if (segments.size() < items.size()) {
            return Defaults.PUBLISH_RATE;
        }
        int before = f.problems().size();
        PublishRate.Profile.checkOrder(segments, (index, problem) -> read.get(index).problem(problem));
        return f.problems().size() > before ? Defaults.PUBLISH_RATE : new PublishRate.Profile(segments);
    }

    /** One segment, or {@code null} with its problem. */
    private static RateSegment segment(Fields s) {
        int before = s.problems().size();
        List<String> kinds = KINDS.stream().filter(s::has).toList();
        double rate = s.rate("rate", "the rate to hold in msgs/s, above 0");
        double ramp = s.rate("ramp", "the rate in msgs/s the ramp ends at, above 0");
        double burst = s.rate("burst", "the rate in msgs/s during each burst, above 0");
        Duration forLength = s.has("for") ? s.duration("for", null, SHORTEST) : null;
        Duration over = s.has("over") ? s.duration("over", null, SHORTEST) : null;
        Duration every = s.has("every") ? s.duration("every", null, SHORTEST) : null;
        s.finish();
        if (s.problems().size() > before) {
            return null;
        }
        if (kinds.size() != 1) {
            s.problem("expected one of rate (hold), ramp or burst in each segment, found "
                    + (kinds.isEmpty() ? "none" : String.join(" and ", kinds)));
            return null;
        }
        String kind = kinds.get(0);
        List<String> misplaced = Stream.of("for", "over", "every").filter(s::has)
                .filter(k -> !allowed(kind, k)).toList();
        if (!misplaced.isEmpty()) {
            s.problem(misplaced.get(0), "expected " + switch (kind) {
                case "rate" -> "for (how long to hold the rate)";
                case "ramp" -> "over (how long the ramp takes)";
                default -> "for, every and over";
            } + " beside " + kind + ", found " + misplaced.get(0));
            return null;
        }
        double value = switch (kind) {
            case "rate" -> rate;
            case "ramp" -> ramp;
            default -> burst;
        };
        String badRate = RateSegment.rateProblem(kind, value);
        if (badRate != null) {
            s.problem(kind, badRate);
            return null;
        }
        if (forLength != null && every != null && forLength.compareTo(every) >= 0) {
            s.problem("for", "expected for shorter than every (" + Durations.format(every) + "), so that the "
                    + "previous rate runs between the bursts, found for: " + Durations.format(forLength));
            return null;
        }
        try {
            return switch (kind) {
                case "rate" -> new RateSegment.Hold(rate, forLength);
                case "ramp" -> new RateSegment.Ramp(ramp, over);
                default -> new RateSegment.Burst(burst, forLength, every, over);
            };
        } catch (IllegalArgumentException e) {
            s.problem(e.getMessage());
            return null;
        }
    }

    private static boolean allowed(String kind, String length) {
        return switch (kind) {
            case "rate" -> length.equals("for");
            case "ramp" -> length.equals("over");
            default -> true;
        };
    }
}
