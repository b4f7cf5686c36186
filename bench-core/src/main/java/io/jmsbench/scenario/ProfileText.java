package io.jmsbench.scenario;

import io.jmsbench.text.Durations;
import io.jmsbench.text.Quoted;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A rate profile read back from the text {@link PublishRate.Profile#text()} wrote into a report
 * ({@code [{rate: 1000, for: 30s}, {ramp: 5000, over: 1m}]}): trusted input, so a text it did not
 * write is refused in one sentence. A scenario's profile is read by the scenario reader, which
 * tells each mistake at its line.
 */
final class ProfileText {

    private static final Pattern SEGMENT = Pattern.compile("\\{([^{}]*)}\\s*(,\\s*|$)");
    private static final Pattern ENTRY = Pattern.compile("\\s*([a-z]+)\\s*:\\s*([^,]+?)\\s*");

    private ProfileText() {
    }

    /** @throws IllegalArgumentException naming {@code text} when it is no profile as a report writes it */
    static PublishRate.Profile parse(String text) {
        String list = text.strip();
        if (!list.startsWith("[") || !list.endsWith("]")) {
            throw refused(text);
        }
        String inside = list.substring(1, list.length() - 1).strip();
        Matcher m = SEGMENT.matcher(inside);
        List<RateSegment> segments = new ArrayList<>();
        int end = 0;
        while (m.lookingAt()) {
            segments.add(segment(m.group(1), text));
            end = m.end();
            m.region(end, inside.length());
        }
        if (end != inside.length() || segments.isEmpty()) {
            throw refused(text);
        }
        return new PublishRate.Profile(segments);
    }

    private static RateSegment segment(String entries, String text) {
        Map<String, String> values = new HashMap<>();
        for (String entry : entries.split(",")) {
            Matcher m = ENTRY.matcher(entry);
            if (!m.matches() || values.put(m.group(1), m.group(2)) != null) {
                throw refused(text);
            }
        }
        try {
            RateSegment segment;
            if (values.containsKey("rate")) {
                segment = new RateSegment.Hold(Double.parseDouble(values.remove("rate")), duration(values.remove("for")));
            } else if (values.containsKey("ramp")) {
                segment = new RateSegment.Ramp(Double.parseDouble(values.remove("ramp")), duration(values.remove("over")));
            } else if (values.containsKey("burst")) {
                segment = new RateSegment.Burst(Double.parseDouble(values.remove("burst")),
                        duration(values.remove("for")), duration(values.remove("every")), duration(values.remove("over")));
            } else {
                throw refused(text);
            }
            if (!values.isEmpty()) {
                throw refused(text);
            }
            return segment;
        } catch (NumberFormatException e) {
            throw refused(text);
        }
    }

    private static Duration duration(String value) {
        if (value == null) {
            return null;
        }
        try {
            return Durations.parse(value);
        } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
            return Duration.ZERO; // refused as no duration above 0 by the segment
        }
    }

    private static IllegalArgumentException refused(String text) {
        return new IllegalArgumentException("expected a rate profile as a report writes it, such as [{rate: 1000, "
                + "for: 30s}, {ramp: 5000, over: 1m}], found " + Quoted.value(text));
    }
}
