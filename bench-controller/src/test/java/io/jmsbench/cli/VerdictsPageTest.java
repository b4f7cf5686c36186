package io.jmsbench.cli;

import io.jmsbench.verdict.FindingCode;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * docs/verdicts.md, the findings by situation, names every finding code a point can carry, each
 * linked to its generated entry in docs/reference/findings.md: a new code fails here until the page
 * says in which setup a user meets it and what to do.
 */
class VerdictsPageTest {

    @Test
    void everyFindingCodeIsLinkedToItsEntry() throws IOException {
        String page = Files.readString(Path.of("..", "docs", "verdicts.md"));
        List<String> missing = Arrays.stream(FindingCode.values()).map(FindingCode::name)
                .filter(code -> !page.contains("[`" + code + "`](reference/findings.md#" + code.toLowerCase() + ")"))
                .toList();
        assertEquals(List.of(), missing, "codes docs/verdicts.md does not link to their entry");
    }
}
