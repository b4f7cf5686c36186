package io.jmsbench.report.html;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The files report.html is made of, read from the class path at render time: the page's own
 * template, script and style beside this class, and uPlot's from its webjar, so the page needs no
 * network and the uPlot version is the one the build declares. uPlot's files are public: the history's
 * trend page (bench-controller) inlines the same ones.
 */
public final class PageResources {

    static final String UPLOT_VERSION = "1.6.30";
    private static final String UPLOT_DIR = "/META-INF/resources/webjars/uplot/" + UPLOT_VERSION + "/dist/";

    private PageResources() {
    }

    static String template() {
        return read("report.html");
    }

    /** The head both pages open with, up to uPlot's style; each page adds its own style and closes it. */
    static String head() {
        return read("page-head.html");
    }

    static String script() {
        return read("report.js");
    }

    static String style() {
        return read("report.css");
    }

    public static String uplotScript() {
        return read(UPLOT_DIR + "uPlot.iife.min.js");
    }

    public static String uplotStyle() {
        return read(UPLOT_DIR + "uPlot.min.css");
    }

    /** A resource of the jar; its absence is a broken build, never the user's input. */
    private static String read(String name) {
        try (InputStream in = PageResources.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("report.html: resource " + name + " is missing from the class path"
                        + (name.startsWith(UPLOT_DIR) ? " (the org.webjars.npm:uplot:" + UPLOT_VERSION + " jar)" : ""));
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("report.html: cannot read resource " + name, e);
        }
    }
}
