package io.jmsbench.report.html;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.jmsbench.protocol.Json;
import io.jmsbench.report.Report;

import java.io.UncheckedIOException;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code report.html}: one self-contained page per run, rendered from the {@link Report} alone. uPlot,
 * the page's script and the data are inlined, so it opens from disk with no network. The page draws
 * the per-point charts only for the point chosen in its select box, which keeps a sweep of many
 * points responsive. Its inlining helpers are public: the history's trend page is made the same way.
 */
public final class HtmlReport {

    private static final Pattern SLOT = Pattern.compile("\\{\\{([A-Z_]+)}}");

    private HtmlReport() {
    }

    public static String render(Report report) {
        String data;
        try {
            data = Json.MAPPER.writeValueAsString(PageData.of(report));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException("report.html: cannot write the page's data", e);
        }
        String title = report.scenario() == null ? report.runId() : report.scenario().name();
        return fill(PageResources.template(), Map.of(
                "HEAD", PageHead.html("jmsbench report: " + title),
                "REPORT_CSS", inlineStyle(PageResources.style()),
                "UPLOT_JS", inlineScript(PageResources.uplotScript()),
                "REPORT_JS", inlineScript(PageResources.script()),
                "DATA", inlineJson(data)));
    }

    /** Replaces each {@code {{NAME}}} of the template in one pass: inserted text is never scanned again. */
    public static String fill(String template, Map<String, String> slots) {
        Matcher m = SLOT.matcher(template);
        StringBuilder out = new StringBuilder(template.length() + slots.values().stream().mapToInt(String::length)
                .sum());
        while (m.find()) {
            String value = slots.get(m.group(1));
            if (value == null) {
                throw new IllegalStateException("report.html template: no value for {{" + m.group(1) + "}}");
            }
            m.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        m.appendTail(out);
        return out.toString();
    }

    /**
     * JSON inside a script element: the element ends at the first {@code </script} whatever the JSON
     * means, so every {@code </} is written {@code <\/} and every {@code <!--} {@code \u003c!--}, which
     * JSON reads as the same strings.
     */
    public static String inlineJson(String json) {
        return json.replace("</", "<\\/").replace("<!--", "\\u003c!--");
    }

    /** A script is inlined as it is; one that could end its element early is a broken build. */
    public static String inlineScript(String code) {
        String lower = code.toLowerCase(Locale.ROOT);
        if (lower.contains("</script") || lower.contains("<!--")) {
            throw new IllegalStateException("report.html: a script contains </script or <!--");
        }
        return code;
    }

    public static String inlineStyle(String css) {
        if (css.toLowerCase(Locale.ROOT).contains("</style")) {
            throw new IllegalStateException("report.html: a style sheet contains </style");
        }
        return css;
    }

    public static String escapeHtml(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
