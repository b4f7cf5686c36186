package io.jmsbench.regression;

import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * The gate as JUnit XML, which every CI shows as tests: one test case per point, and one per claim
 * of the scenario (failed when broken, skipped when lost). A point fails on a regression (and,
 * under {@code requireValid}, when it is not valid on both sides); a point on one side only, or
 * slower but measured beside other work on the host, is skipped (failed under {@code requireValid},
 * where such a point is not valid). Each case's output holds its metric lines.
 */
public final class JunitReport {

    private JunitReport() {
    }

    private record Case(String name, List<Failure> failures, String skipped, String output) {
    }

    /** {@code type} is {@code regression}, {@code not-valid}, {@code one-side} or {@code claim}. */
    private record Failure(String type, String message) {
    }

    public static String of(RunComparison c) {
        List<Case> cases = new ArrayList<>();
        for (PointComparison p : c.points()) {
            List<Failure> failures = new ArrayList<>(p.failures().stream()
                    .map(ch -> new Failure("regression", ChangeWords.failure(p, ch))).toList());
            if (c.rules().requireValid()) {
                if (!p.base().valid()) {
                    failures.add(new Failure("not-valid", p.label() + ": " + ChangeWords.notValid("base", p.base())));
                }
                if (!p.next().valid()) {
                    failures.add(new Failure("not-valid", p.label() + ": " + ChangeWords.notValid("new", p.next())));
                }
            }
            StringBuilder output = new StringBuilder(ChangeWords.verdicts(p)).append('\n');
            for (MetricChange ch : p.changes()) {
                output.append(ch.metric().label()).append(' ').append(ch.metric().unit()).append(": ")
                        .append(ChangeWords.measure(ch.base())).append(" -> ").append(ChangeWords.measure(ch.next()))
                        .append(" (").append(ChangeWords.change(ch.relativeChange())).append(") ")
                        .append(ChangeWords.verdict(ch)).append('\n');
            }
            String skipped = failures.isEmpty() && !p.inconclusive().isEmpty()
                    ? "inconclusive: " + ChangeWords.inconclusive(p, p.inconclusive().get(0)) : null;
            cases.add(new Case(p.label(), failures, skipped, output.toString()));
        }
        for (String label : c.onlyInBase()) {
            cases.add(oneSide(label, "only in the base run", c.rules().requireValid()));
        }
        for (String label : c.onlyInNew()) {
            cases.add(oneSide(label, "only in the new run", c.rules().requireValid()));
        }
        for (ClaimChange k : c.claims()) {
            List<Failure> failures = k.change() == ClaimChange.Change.BROKEN
                    ? List.of(new Failure("claim", ChangeWords.claim(k))) : List.of();
            String skipped = k.change() == ClaimChange.Change.LOST ? ChangeWords.claimChange(k) : null;
            cases.add(new Case("claim: " + k.statement(), failures, skipped, ChangeWords.claimChange(k) + "\n"));
        }
        long failed = cases.stream().filter(k -> !k.failures().isEmpty()).count();
        long skipped = cases.stream().filter(k -> k.skipped() != null).count();
        StringWriter text = new StringWriter();
        try {
            XMLStreamWriter xml = XMLOutputFactory.newFactory().createXMLStreamWriter(text);
            xml.writeStartDocument("UTF-8", "1.0");
            xml.writeCharacters("\n");
            xml.writeStartElement("testsuite");
            xml.writeAttribute("name", "jmsbench compare " + c.scenario());
            xml.writeAttribute("tests", String.valueOf(cases.size()));
            xml.writeAttribute("failures", String.valueOf(failed));
            xml.writeAttribute("errors", "0");
            xml.writeAttribute("skipped", String.valueOf(skipped));
            xml.writeAttribute("timestamp", c.next().startedAt() == null ? "" : c.next().startedAt());
            for (Case k : cases) {
                xml.writeCharacters("\n  ");
                xml.writeStartElement("testcase");
                xml.writeAttribute("classname", "jmsbench." + c.scenario());
                xml.writeAttribute("name", k.name());
                xml.writeAttribute("time", "0");
                for (Failure f : k.failures()) {
                    xml.writeCharacters("\n    ");
                    xml.writeStartElement("failure");
                    xml.writeAttribute("type", f.type());
                    xml.writeAttribute("message", f.message());
                    xml.writeCharacters(f.message());
                    xml.writeEndElement();
                }
                if (k.skipped() != null) {
                    xml.writeCharacters("\n    ");
                    xml.writeEmptyElement("skipped");
                    xml.writeAttribute("message", k.skipped());
                }
                if (k.output() != null) {
                    xml.writeCharacters("\n    ");
                    xml.writeStartElement("system-out");
                    xml.writeCharacters(k.output());
                    xml.writeEndElement();
                }
                xml.writeCharacters("\n  ");
                xml.writeEndElement();
            }
            xml.writeCharacters("\n  ");
            xml.writeStartElement("system-out");
            xml.writeCharacters(ComparisonOutcome.sentence(c));
            xml.writeEndElement();
            xml.writeCharacters("\n");
            xml.writeEndElement();
            xml.writeCharacters("\n");
            xml.writeEndDocument();
            xml.close();
        } catch (XMLStreamException e) {
            throw new IllegalStateException("writing XML to a string cannot fail", e);
        }
        return text.toString();
    }

    private static Case oneSide(String label, String where, boolean requireValid) {
        return requireValid ? new Case(label, List.of(new Failure("one-side", label + ": " + where)), null, null)
                : new Case(label, List.of(), where, null);
    }
}
