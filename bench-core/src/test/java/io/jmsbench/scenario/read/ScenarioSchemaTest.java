package io.jmsbench.scenario.read;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jmsbench.scenario.Problem;
import io.jmsbench.scenario.ScenarioException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The schema describes exactly the fields the loader accepts: for every mapping, the names its
 * "unknown field, expected one of ..." lists are the schema's properties there, branches included
 * (vary's matchGroup or on/from/to, a filter's and or equals/anyOf, auto or fixed phases).
 */
@Timeout(60)
class ScenarioSchemaTest {

    /** A scenario with an unknown field in each mapping, by schema path ({@code []} an item, {@code *} an entry). */
    private static final Map<String, String> UNKNOWN_FIELD_IN = new LinkedHashMap<>();

    static {
        UNKNOWN_FIELD_IN.put("", "zzz: 1\n");
        UNKNOWN_FIELD_IN.put("broker", "broker: {zzz: 1}\n");
        UNKNOWN_FIELD_IN.put("broker.management", "broker: {url: 'amqp://h:5672', management: {zzz: 1}}\nprovider: amqp\n");
        UNKNOWN_FIELD_IN.put("broker.tls", "broker: {url: 'ssl://b:61617', tls: {zzz: 1}}\n");
        UNKNOWN_FIELD_IN.put("destination", "destination: {zzz: 1}\n");
        UNKNOWN_FIELD_IN.put("message", "message: {zzz: 1}\n");
        UNKNOWN_FIELD_IN.put("message.vary", "message: {vary: {on: P1, zzz: 1}}\n");
        UNKNOWN_FIELD_IN.put("message.size", "message: {size: {uniform: [1, 2], zzz: 1}}\n");
        UNKNOWN_FIELD_IN.put("message.size.lognormal", "message: {size: {lognormal: {median: 1, p99: 2, zzz: 1}}}\n");
        UNKNOWN_FIELD_IN.put("message.size.weighted[]", "message: {size: {weighted: [{size: 1, weight: 1, zzz: 1}]}}\n");
        UNKNOWN_FIELD_IN.put("message.priority", "message: {priority: {uniform: [1, 2], zzz: 1}}\n");
        UNKNOWN_FIELD_IN.put("message.priority.lognormal", "message: {priority: {lognormal: {median: 1, p99: 2, zzz: 1}}}\n");
        UNKNOWN_FIELD_IN.put("message.priority.weighted[]",
                "message: {priority: {weighted: [{priority: 1, weight: 1, zzz: 1}]}}\n");
        UNKNOWN_FIELD_IN.put("subscribers[].processing", "subscribers:\n  - {clients: 1, processing: {uniform: [1ms, 2ms], zzz: 1}}\n");
        UNKNOWN_FIELD_IN.put("subscribers[].processing.lognormal",
                "subscribers:\n  - {clients: 1, processing: {lognormal: {median: 1ms, p99: 2ms, zzz: 1}}}\n");
        UNKNOWN_FIELD_IN.put("subscribers[].processing.weighted[]",
                "subscribers:\n  - {clients: 1, processing: {weighted: [{time: 1ms, weight: 1, zzz: 1}]}}\n");
        UNKNOWN_FIELD_IN.put("publishers", "publishers: {zzz: 1}\n");
        UNKNOWN_FIELD_IN.put("publishers.rate[]", "publishers: {rate: [{rate: 1, zzz: 1}]}\n");
        UNKNOWN_FIELD_IN.put("publishers[]", "publishers: [{zzz: 1}]\n");
        UNKNOWN_FIELD_IN.put("publishers[].rate[]", "publishers: [{rate: [{rate: 1, zzz: 1}]}]\n");
        UNKNOWN_FIELD_IN.put("publishers[].delivery", "publishers: [{delivery: {zzz: 1}}]\n");
        UNKNOWN_FIELD_IN.put("publishers[].message", "publishers: [{message: {zzz: 1}}]\n");
        UNKNOWN_FIELD_IN.put("publishers[].replyTo", "publishers: [{replyTo: {queue: r, zzz: 1}}]\n");
        UNKNOWN_FIELD_IN.put("publishers[].message.size", "publishers: [{message: {size: {uniform: [1, 2], zzz: 1}}}]\n");
        UNKNOWN_FIELD_IN.put("publishers[].message.size.lognormal",
                "publishers: [{message: {size: {lognormal: {median: 1, p99: 2, zzz: 1}}}}]\n");
        UNKNOWN_FIELD_IN.put("publishers[].message.size.weighted[]",
                "publishers: [{message: {size: {weighted: [{size: 1, weight: 1, zzz: 1}]}}}]\n");
        UNKNOWN_FIELD_IN.put("subscribers[]", "subscribers: [{zzz: 1}]\n");
        UNKNOWN_FIELD_IN.put("subscribers[].filter", "subscribers: [{filter: {on: P1, equals: x, zzz: 1}}]\n");
        UNKNOWN_FIELD_IN.put("delivery", "delivery: {zzz: 1}\n");
        UNKNOWN_FIELD_IN.put("phases", "phases: {zzz: 1}\n");
        UNKNOWN_FIELD_IN.put("validity", "validity: {zzz: 1}\n");
        UNKNOWN_FIELD_IN.put("agents", "agents: {zzz: 1}\n");
        UNKNOWN_FIELD_IN.put("cpus", "cpus: {broker: '0', clients: '1', zzz: 1}\n");
        UNKNOWN_FIELD_IN.put("cases[]", "cases: [{name: a, zzz: 1}]\n");
        UNKNOWN_FIELD_IN.put("compare[]", "compare: [{name: a, zzz: 1}]\n");
        UNKNOWN_FIELD_IN.put("sweep.*", "sweep: {publishers.clients: {from: 1, to: 2, zzz: 1}}\n");
        UNKNOWN_FIELD_IN.put("search", "search: {zzz: 1}\n");
        UNKNOWN_FIELD_IN.put("expect[]", "sweep: {publishers.clients: [1, 2]}\n"
                + "expect: [{received: decreasing, in: publishers.clients, zzz: 1}]\n");
        UNKNOWN_FIELD_IN.put("faults[]", "faults: [{action: pause-broker, at: 1s, zzz: 1}]\n");
    }

    private final ObjectNode schema = ScenarioSchema.generate();

    @Test
    void everyMappingOfTheSchemaHasExactlyTheFieldsTheLoaderKnows() {
        Map<String, JsonNode> mappings = new LinkedHashMap<>();
        collectMappings(schema, "", mappings);
        assertEquals(new TreeSet<>(UNKNOWN_FIELD_IN.keySet()), new TreeSet<>(mappings.keySet()),
                "a mapping of the schema the test does not probe, or one the schema lacks");
        for (Map.Entry<String, String> e : UNKNOWN_FIELD_IN.entrySet()) {
            assertEquals(knownTo(e.getValue()), names(mappings.get(e.getKey()).get("properties")),
                    "the fields at '" + e.getKey() + "'");
            assertEquals(false, mappings.get(e.getKey()).get("additionalProperties").asBoolean(true),
                    "unknown fields at '" + e.getKey() + "' are refused");
        }
    }

    @Test
    void theRecordingRunsReachBothSidesOfABranch() {
        JsonNode phases = schema.at("/properties/phases/properties");
        assertEquals("auto", phases.at("/warmup/default").asText());
        assertTrue(phases.at("/warmup/pattern").asText().contains("auto|"), phases.toString());
        assertEquals("2m", phases.at("/maxWarmup/default").asText());
        assertTrue(phases.at("/messages/default").isMissingNode(), "messages: 0 means no count, no default to offer");
        JsonNode broker = schema.at("/properties/broker/properties");
        assertEquals("activemq", broker.at("/embedded/default").asText());
        assertTrue(broker.has("sendFailIfNoSpaceAfterTimeout"), broker.toString());
        assertTrue(broker.at("/kind/default").isMissingNode(), "kind has no default: " + broker.at("/kind"));
        JsonNode vary = schema.at("/properties/message/properties/vary/properties");
        assertTrue(vary.at("/matchGroup/default").isMissingNode(), "matchGroup's fallback is no default");
        assertEquals(1, vary.at("/from/default").asInt());
    }

    @Test
    void theSchemaIsTheSameEveryTime() {
        assertEquals(ScenarioSchema.json(), ScenarioSchema.json());
    }

    private static void collectMappings(JsonNode node, String path, Map<String, JsonNode> out) {
        if (node == null || !node.isObject()) {
            return;
        }
        if (node.has("properties") && node.get("properties").size() > 0) {
            out.put(path, node);
            String prefix = path.isEmpty() ? "" : path + ".";
            node.get("properties").fields()
                    .forEachRemaining(f -> collectMappings(f.getValue(), prefix + f.getKey(), out));
        }
        collectMappings(node.get("items"), path + "[]", out);
        if (node.get("additionalProperties") != null && node.get("additionalProperties").isObject()) {
            collectMappings(node.get("additionalProperties"), path + ".*", out);
        }
        for (JsonNode alternative : node.path("anyOf")) {
            collectMappings(alternative, path, out);
        }
    }

    /** The names the loader's unknown-field problem offers for the scenario's field {@code zzz}. */
    private static TreeSet<String> knownTo(String scenario) {
        try {
            ScenarioLoader.parsePlan(scenario, "t.yaml", "t", List.of());
        } catch (ScenarioException e) {
            for (Problem p : e.problems()) {
                String m = p.message();
                if (p.field().endsWith("zzz") && m.startsWith("unknown field, expected one of ")) {
                    String list = m.substring("unknown field, expected one of ".length()).split(";")[0];
                    return new TreeSet<>(List.of(list.split(", ")));
                }
            }
            fail("no unknown-field problem for zzz in " + scenario + ": " + e.problems());
        }
        fail("the loader accepted an unknown field: " + scenario);
        return null;
    }

    private static TreeSet<String> names(JsonNode properties) {
        List<String> names = new ArrayList<>();
        Iterator<String> it = properties.fieldNames();
        it.forEachRemaining(names::add);
        return new TreeSet<>(names);
    }
}
