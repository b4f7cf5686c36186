package io.jmsbench.verdict;

import io.jmsbench.protocol.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

@Timeout(10)
class FindingCodeTest {

    @Test
    void aCodeFromANewerJmsbenchReadsAsUnclassifiedKeepingItsSeverity() throws Exception {
        Finding invalid = Json.MAPPER.readValue("{\"code\":\"SOME_FUTURE_RULE\",\"severity\":\"INVALID\",\"text\":\"t\"}",
                Finding.class);
        Finding note = Json.MAPPER.readValue("{\"code\":\"SOME_FUTURE_NOTE\",\"severity\":\"NOTE\",\"text\":\"t\"}",
                Finding.class);

        assertEquals(new Finding(FindingCode.UNCLASSIFIED, Finding.Severity.INVALID, "t"), invalid);
        assertEquals(FindingCode.UNCLASSIFIED, note.code());
        assertFalse(note.blocking(), "a note stays a note, whatever its code");
        assertEquals("\"DRAIN_TIMEOUT\"", Json.MAPPER.writeValueAsString(FindingCode.named("DRAIN_TIMEOUT")));
    }

    @Test
    void everyCodeSaysWhatItMeansAndWhatToDo() {
        List<FindingCode> unexplained = Stream.of(FindingCode.values())
                .filter(c -> c.meaning().isBlank() || c.action().isBlank()).toList();

        assertEquals(List.of(), unexplained, "give each its meaning and action in findings.yaml beside FindingCode; "
                + "docs/reference/findings.md is generated from them");
    }
}
