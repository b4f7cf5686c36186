package io.jmsbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jmsbench.model.ModelFit;
import io.jmsbench.protocol.Json;
import io.jmsbench.report.AtomicFiles;

import java.io.IOException;

/** A fit stored in the report it was made from, beside everything the report held. */
final class ModelStore {

    private ModelStore() {
    }

    /**
     * Adds (or replaces) {@code model}, or a compared set's entry of {@code models}, and rewrites the
     * report under a temp name, then renames it.
     */
    static void store(ReportFile.Loaded report, ModelFit fit, String comparedSet) throws BadInput {
        if (comparedSet == null) {
            report.tree().set("model", Json.MAPPER.valueToTree(fit));
        } else {
            JsonNode models = report.tree().path("models");
            ObjectNode byName = models.isObject() ? (ObjectNode) models : report.tree().putObject("models");
            byName.set(comparedSet, Json.MAPPER.valueToTree(fit));
        }
        try {
            AtomicFiles.write(report.file(), Json.MAPPER.writer().with(SerializationFeature.INDENT_OUTPUT)
                    .writeValueAsString(report.tree()) + "\n");
        } catch (IOException e) {
            throw new BadInput(report.file() + ": cannot store the model: " + e.getMessage());
        }
    }

    /** Where {@link #store} puts the fit, for the line that says so. */
    static String where(String comparedSet) {
        return comparedSet == null ? "\"model\"" : "\"models\", \"" + comparedSet + "\"";
    }
}
