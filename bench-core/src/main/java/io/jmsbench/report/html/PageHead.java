package io.jmsbench.report.html;

import java.util.Map;

/**
 * The start of the head report.html and the history's trend page share: the document type, the
 * policy that lets the page load nothing, its title and uPlot's style. A template puts it at its
 * {@code {{HEAD}}}, then adds its own style and closes the head.
 */
public final class PageHead {

    private PageHead() {
    }

    /** The shared head, titled {@code title} (escaped here), without a line end after its last element. */
    public static String html(String title) {
        String template = PageResources.head();
        return HtmlReport.fill(template.substring(0, template.length() - (template.endsWith("\n") ? 1 : 0)), Map.of(
                "TITLE", HtmlReport.escapeHtml(title),
                "UPLOT_CSS", HtmlReport.inlineStyle(PageResources.uplotStyle())));
    }
}
