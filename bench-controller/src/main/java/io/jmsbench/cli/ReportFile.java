package io.jmsbench.cli;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jmsbench.protocol.Json;
import io.jmsbench.report.Report;
import io.jmsbench.report.files.ReportWriter;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A report.json given on the command line (the file, or the run directory that holds it), read and
 * checked before any command uses it: valid JSON, an object, our schema, a points[] array. Anything
 * else is refused in one sentence that names the file.
 */
final class ReportFile {

    private ReportFile() {
    }

    /** {@code given} itself, or the report.json in it when it is a directory. */
    static Path file(Path given) {
        return Files.isDirectory(given) ? given.resolve(ReportWriter.JSON) : given;
    }

    static ObjectNode readTree(Path file) throws BadInput {
        if (!Files.isRegularFile(file)) {
            throw new BadInput(file + ": no such file");
        }
        JsonNode root;
        try {
            root = Json.MAPPER.readTree(file.toFile());
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            throw new BadInput(file + ": not a jmsbench report: not valid JSON"
                    + (at == null ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr())
                    + ": " + parserMessage(e));
        } catch (IOException e) {
            throw new BadInput(file + ": cannot read: " + e.getMessage());
        }
        if (root == null || !root.isObject()) {
            throw new BadInput(file + ": not a jmsbench report: expected a JSON object with schema \""
                    + Report.SCHEMA + "\"");
        }
        JsonNode schema = root.get("schema");
        if (schema == null || !Report.SCHEMA.equals(schema.asText(null))) {
            throw new BadInput(file + ": not a jmsbench report: schema is "
                    + (schema == null ? "missing" : schema.toString()) + ", expected \"" + Report.SCHEMA + "\"");
        }
        if (!root.path("points").isArray()) {
            throw new BadInput(file + ": not a jmsbench report: no points[] array");
        }
        return (ObjectNode) root;
    }

    /**
     * A report as given: its file, its JSON as written (to store into without dropping what this version
     * does not model) and the whole report as this version's model.
     */
    record Loaded(Path file, ObjectNode tree, Report report) {
    }

    /** The report {@code given} names ({@link #file}), read as {@link #read} reads it. */
    static Loaded load(Path given) throws BadInput {
        Path file = file(given);
        ObjectNode tree = readTree(file);
        return new Loaded(file, tree, report(file, tree));
    }

    /** The whole report as this version's model; a field of the wrong shape is refused, never a stack trace. */
    static Report read(Path file) throws BadInput {
        return report(file, readTree(file));
    }

    private static Report report(Path file, ObjectNode root) throws BadInput {
        try {
            return Json.MAPPER.treeToValue(root, Report.class);
        } catch (JsonProcessingException e) {
            throw new BadInput(file + ": a jmsbench report this version cannot read: " + parserMessage(e)
                    + path(e));
        } catch (RuntimeException e) {
            // a record's constructor refusing what the JSON holds (a list that is null, say)
            throw new BadInput(file + ": a jmsbench report this version cannot read: " + e.getMessage());
        }
    }

    /** Where in the report the mapping failed, e.g. {@code  (at points[0].received)}. */
    private static String path(JsonProcessingException e) {
        if (!(e instanceof JsonMappingException m) || m.getPath().isEmpty()) {
            return "";
        }
        StringBuilder at = new StringBuilder();
        for (JsonMappingException.Reference r : m.getPath()) {
            if (r.getFieldName() != null) {
                at.append(at.isEmpty() ? "" : ".").append(r.getFieldName());
            } else if (r.getIndex() >= 0) {
                at.append('[').append(r.getIndex()).append(']');
            }
        }
        return " (at " + at + ")";
    }

    /** Jackson's own words, on one line, without its "(for ... [Source: ...])" trailer. */
    static String parserMessage(JsonProcessingException e) {
        String text = e.getOriginalMessage().replaceAll("\\s+", " ").trim();
        int source = text.indexOf("[Source:");
        if (source >= 0) {
            int open = text.lastIndexOf(" (", source);
            text = text.substring(0, open >= 0 ? open : source).trim();
        }
        return text;
    }
}
