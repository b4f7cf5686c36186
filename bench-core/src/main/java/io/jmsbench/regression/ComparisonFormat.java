package io.jmsbench.regression;

import java.util.Arrays;
import java.util.function.Function;
import java.util.stream.Collectors;

/** Every way {@code compare} can write a comparison, by the name users give it. */
public enum ComparisonFormat {
    TEXT("text", ComparisonText::of),
    MARKDOWN("markdown", ComparisonMarkdown::of),
    JSON("json", ComparisonJson::of),
    GITHUB_BENCHMARK("github-benchmark", GithubBenchmark::rates),
    GITHUB_BENCHMARK_LATENCY("github-benchmark-latency", GithubBenchmark::latencies),
    JUNIT("junit", JunitReport::of);

    private final String option;
    private final Function<RunComparison, String> render;

    ComparisonFormat(String option, Function<RunComparison, String> render) {
        this.option = option;
        this.render = render;
    }

    public String option() {
        return option;
    }

    public String render(RunComparison c) {
        return render.apply(c);
    }

    /** The format named {@code name}, or null. */
    public static ComparisonFormat named(String name) {
        return Arrays.stream(values()).filter(f -> f.option.equals(name)).findFirst().orElse(null);
    }

    public static String names() {
        return Arrays.stream(values()).map(ComparisonFormat::option).collect(Collectors.joining(", "));
    }
}
