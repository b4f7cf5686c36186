package io.jmsbench.cli;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every relative link in README.md, CONTRIBUTING.md and docs/ reaches a file of the repository,
 * and every {@code #anchor} a heading of the page it names (GitHub's slugs), so a moved section
 * or a renamed page breaks the build instead of the reader's click.
 */
class DocLinksTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)#\\s]*)(#[^)\\s]+)?\\)");
    private static final Pattern HEADING = Pattern.compile("^#{1,6} (.*)$");

    @Test
    void everyRelativeLinkReachesAFileAndAHeading() throws IOException {
        List<Path> pages = pages();
        assertTrue(pages.size() >= 8, "found " + pages);
        Map<Path, Set<String>> anchors = new HashMap<>();
        List<String> broken = new ArrayList<>();
        for (Path page : pages) {
            List<String> lines = Files.readAllLines(page);
            boolean fenced = false;
            for (int i = 0; i < lines.size(); i++) {
                fenced ^= lines.get(i).startsWith("```");
                Matcher m = LINK.matcher(lines.get(i));
                while (!fenced && m.find()) {
                    String target = m.group(1);
                    if (target.startsWith("http:") || target.startsWith("https:") || target.startsWith("mailto:")) {
                        continue;
                    }
                    Path file = target.isEmpty() ? page : page.getParent().resolve(target).normalize();
                    String where = ROOT.relativize(page) + ":" + (i + 1) + ": ";
                    if (!Files.exists(file)) {
                        broken.add(where + "no file " + target);
                    } else if (m.group(2) != null && file.toString().endsWith(".md")
                            && !anchors.computeIfAbsent(file, DocLinksTest::headings).contains(m.group(2).substring(1))) {
                        broken.add(where + "no heading " + m.group(2) + " in " + ROOT.relativize(file));
                    }
                }
            }
        }
        assertEquals(List.of(), broken);
    }

    @Test
    void slugsFollowGitHub() {
        assertEquals("tls-brokertls", slug("TLS: `broker.tls`"));
        assertEquals("one-machine-as-a-testbed-cpu-partitions", slug("One machine as a testbed: CPU partitions"));
        assertEquals("faults-the-broker-paused-killed-or-restarted-or-cut-off",
                slug("Faults: the broker paused, killed or restarted, or cut off"));
    }

    private static List<Path> pages() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(ROOT.resolve("README.md"), ROOT.resolve("CONTRIBUTING.md")));
        try (Stream<Path> docs = Files.walk(ROOT.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        return pages;
    }

    private static Set<String> headings(Path page) {
        Set<String> slugs = new HashSet<>();
        try {
            boolean fenced = false;
            for (String line : Files.readAllLines(page)) {
                fenced ^= line.startsWith("```");
                Matcher m = HEADING.matcher(line);
                if (!fenced && m.matches()) {
                    slugs.add(slug(m.group(1)));
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return slugs;
    }

    /** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
    static String slug(String heading) {
        return heading.strip().toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}_\\- ]", "").replace(' ', '-');
    }
}
