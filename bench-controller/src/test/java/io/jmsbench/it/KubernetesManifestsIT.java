package io.jmsbench.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.google.gson.JsonElement;
import com.google.gson.JsonParser;
import io.kubernetes.client.openapi.JSON;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * deploy/kubernetes, checked as far as that goes without a cluster (none runs here): {@code kubectl
 * kustomize} renders it, every object validates against the Kubernetes API's schemas, and the
 * rendered objects keep the testbed's rules: roles on nodes of their own, the monitor beside the
 * broker, CPU requests equal to limits, the token from the Secret, addresses derived from the objects.
 * <p>
 * The schemas are those of Kubernetes 1.33 as generated into client-java's models (from Maven
 * Central; PyPI's kubernetes-validate cannot be reached from here): {@code validateJsonElement}
 * refuses unknown fields, missing required ones and a wrong shape; a round trip through the model
 * catches a wrong scalar type (a number where the API wants a string), which that check lets pass.
 */
@Timeout(300)
@SharesTheMachine
class KubernetesManifestsIT {

    static final Path KUBERNETES = Path.of(System.getProperty("jmsbench.deploy", "../deploy")).resolve("kubernetes")
            .toAbsolutePath().normalize();
    private static final String SCHEMAS = "Kubernetes 1.33 (io.kubernetes:client-java-api 24.0.0)";
    private static final Map<String, String> API_VERSIONS = Map.of("ConfigMap", "v1", "Secret", "v1", "Service", "v1",
            "PersistentVolumeClaim", "v1", "StatefulSet", "apps/v1", "Deployment", "apps/v1", "Job", "batch/v1");
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private static String kubectl;

    @TempDir
    Path work;

    @BeforeAll
    static void findKubectl() throws Exception {
        kubectl = onPath("kubectl");
        if (kubectl == null) {
            DebianPackage.require("kubernetes-client", Path.of("/usr/bin/kubectl"));
            kubectl = "/usr/bin/kubectl";
        }
        new JSON(); // registers the models' type adapters
    }

    @Test
    void theManifestsRenderAndEveryObjectValidatesAgainstTheKubernetesSchemas() throws Exception {
        Process version = new ProcessBuilder(kubectl, "version", "--client").redirectErrorStream(true).start();
        String kubectlVersion = new String(version.getInputStream().readAllBytes()).strip();
        version.waitFor(30, TimeUnit.SECONDS);
        List<JsonNode> objects = render(copy("base"));

        System.out.println("kubectl kustomize deploy/kubernetes (" + kubectlVersion.lines().findFirst().orElse("")
                + "): " + objects.size() + " objects, validated against " + SCHEMAS + ":");
        List<String> invalid = new ArrayList<>();
        for (JsonNode object : objects) {
            String problem = validate(object);
            System.out.printf("  %-22s %-28s %s%n", object.path("kind").asText(), object.path("metadata").path("name")
                    .asText(), problem == null ? "valid" : "INVALID: " + problem);
            if (problem != null) {
                invalid.add(object.path("kind").asText() + " " + problem);
            }
        }
        assertTrue(invalid.isEmpty(), invalid.toString());
        assertEquals(List.of("ConfigMap", "Deployment", "Job", "PersistentVolumeClaim", "Secret", "Service",
                "StatefulSet"), objects.stream().map(o -> o.path("kind").asText()).distinct().sorted().toList());
        for (JsonNode object : objects) {
            assertTrue(object.path("metadata").path("namespace").isMissingNode(),
                    "no namespace written in: the objects go where kubectl -n (or an overlay) puts them");
        }
    }

    @Test
    void theValidatorRefusesAnUnknownFieldAndAWrongType() throws Exception {
        JsonNode publisher = find(render(copy("base")), "StatefulSet", "jmsbench-publisher");
        String json = publisher.toString();

        String typo = validate(YAML.readTree(json.replace("\"podAntiAffinity\"", "\"podAntiAfinity\"")));
        String quoted = validate(YAML.readTree(json.replace("\"replicas\":1", "\"replicas\":\"1\"")));
        String unquotedPort = validate(YAML.readTree(json.replace("\"containerPort\":7100", "\"containerPort\":true")));

        System.out.println("a misspelt field: " + typo + "\na quoted count: " + quoted + "\na boolean port: "
                + unquotedPort);
        assertNotNull(typo);
        assertTrue(typo.contains("podAntiAfinity"), typo);
        assertNotNull(quoted);
        assertNotNull(unquotedPort);
    }

    @Test
    void eachRoleHasANodeOfItsOwnAndTheMonitorSitsBesideTheBroker() throws Exception {
        List<JsonNode> objects = render(copy("base"));
        Map<String, JsonNode> pods = new LinkedHashMap<>();
        for (String[] workload : new String[][]{{"StatefulSet", "jmsbench-broker"}, {"StatefulSet",
                "jmsbench-publisher"}, {"StatefulSet", "jmsbench-subscriber"}, {"Job", "jmsbench-controller"},
                {"Deployment", "jmsbench-monitor"}}) {
            pods.put(workload[1], find(objects, workload[0], workload[1]).path("spec").path("template"));
        }
        JsonNode broker = pods.get("jmsbench-broker");
        JsonNode monitor = pods.get("jmsbench-monitor");
        for (String separate : List.of("jmsbench-broker", "jmsbench-publisher", "jmsbench-subscriber",
                "jmsbench-controller")) {
            JsonNode terms = pods.get(separate).path("spec").path("affinity").path("podAntiAffinity")
                    .path("requiredDuringSchedulingIgnoredDuringExecution");
            assertEquals(1, terms.size(), separate);
            JsonNode term = terms.get(0);
            assertEquals("kubernetes.io/hostname", term.path("topologyKey").asText());
            for (Map.Entry<String, JsonNode> other : pods.entrySet()) {
                boolean excluded = matches(term.path("labelSelector"), other.getValue());
                assertEquals(!other.getKey().equals("jmsbench-monitor"), excluded,
                        separate + " keeps off the node of " + other.getKey() + " (but not the monitor's)");
            }
        }
        JsonNode affinity = monitor.path("spec").path("affinity").path("podAffinity")
                .path("requiredDuringSchedulingIgnoredDuringExecution").get(0);
        assertEquals("kubernetes.io/hostname", affinity.path("topologyKey").asText());
        assertTrue(matches(affinity.path("labelSelector"), broker), "the monitor goes where the broker is");
        for (String other : List.of("jmsbench-publisher", "jmsbench-subscriber", "jmsbench-controller")) {
            assertFalse(matches(affinity.path("labelSelector"), pods.get(other)), other);
        }

        for (Map.Entry<String, JsonNode> pod : pods.entrySet()) {
            for (JsonNode container : containers(pod.getValue())) {
                JsonNode resources = container.path("resources");
                for (String resource : List.of("cpu", "memory")) {
                    String request = resources.path("requests").path(resource).asText(null);
                    assertNotNull(request, pod.getKey() + " requests " + resource);
                    assertEquals(request, resources.path("limits").path(resource).asText(null),
                            pod.getKey() + ": " + resource + " request = limit (Guaranteed QoS)");
                }
            }
        }
    }

    @Test
    void theAgentsAreStatefulSetsBehindAHeadlessServiceAndShareTheSecretsToken() throws Exception {
        List<JsonNode> objects = render(copy("base"));
        JsonNode service = find(objects, "Service", "jmsbench-agents");
        assertEquals("None", service.path("spec").path("clusterIP").asText(), "headless");
        String secret = only(objects, "Secret").path("metadata").path("name").asText();
        assertTrue(secret.startsWith("jmsbench-token-"), secret);
        for (String role : List.of("publisher", "subscriber")) {
            JsonNode set = find(objects, "StatefulSet", "jmsbench-" + role);
            assertEquals("jmsbench-agents", set.path("spec").path("serviceName").asText());
            JsonNode template = set.path("spec").path("template");
            assertTrue(matches(selector(service.path("spec").path("selector")), template), role + " behind the service");
            JsonNode agent = containers(template).get(0);
            assertEquals(List.of("agent", "--role", role, "--listen", "0.0.0.0:7100"), texts(agent.path("args")));
        }
        assertTrue(matches(selector(find(objects, "Service", "jmsbench-broker").path("spec").path("selector")),
                find(objects, "StatefulSet", "jmsbench-broker").path("spec").path("template")));
        for (JsonNode object : objects) {
            for (JsonNode container : containers(object.path("spec").path("template"))) {
                if ("jmsbench".equals(container.path("image").asText().split(":")[0])) {
                    JsonNode token = env(container, "JMSBENCH_TOKEN");
                    assertEquals(secret, token.path("valueFrom").path("secretKeyRef").path("name").asText(),
                            object.path("metadata").path("name").asText() + " takes the token from the Secret");
                }
            }
        }
        Path token = work.resolve("base").resolve("token");
        String data = only(objects, "Secret").path("data").path("token").asText();
        assertEquals(Files.readString(token), new String(java.util.Base64.getDecoder().decode(data)));
    }

    @Test
    void theControllerJobRunsTheConfigMapsScenarioIntoTheClaimAndFindsEverythingByItsRenderedName()
            throws Exception {
        for (String overlay : List.of("base", "overlay")) {
            Path dir = copy("base");
            if (overlay.equals("overlay")) {
                dir = work.resolve("overlay");
                Files.createDirectories(dir);
                Files.writeString(dir.resolve("kustomization.yaml"),
                        "bases:\n  - ../base\nnamePrefix: perf-\nnamespace: bench\n");
            }
            List<JsonNode> objects = render(dir);
            String prefix = overlay.equals("overlay") ? "perf-" : "";
            JsonNode job = find(objects, "Job", prefix + "jmsbench-controller");
            JsonNode spec = job.path("spec").path("template").path("spec");
            assertEquals(0, job.path("spec").path("backoffLimit").asInt(-1), "a failed run is not retried");
            assertEquals("Never", spec.path("restartPolicy").asText());
            JsonNode controller = spec.path("containers").get(0);
            Map<String, String> expected = Map.of("AGENTS_SERVICE", prefix + "jmsbench-agents", "PUBLISHER_SET",
                    prefix + "jmsbench-publisher", "SUBSCRIBER_SET", prefix + "jmsbench-subscriber", "MONITOR_SERVICE",
                    prefix + "jmsbench-monitor", "BROKER_SERVICE", prefix + "jmsbench-broker");
            for (Map.Entry<String, String> e : expected.entrySet()) {
                assertEquals(e.getValue(), env(controller, e.getKey()).path("value").asText(), overlay + " " + e.getKey());
            }
            assertEquals("metadata.namespace", env(controller, "NAMESPACE").path("valueFrom").path("fieldRef")
                    .path("fieldPath").asText(), "the namespace comes from the pod, never written in");
            assertEquals(find(objects, "StatefulSet", prefix + "jmsbench-publisher").path("spec").path("replicas")
                    .asText(), env(controller, "PUBLISHERS").path("value").asText(), "PUBLISHERS = the replicas");
            assertEquals(find(objects, "StatefulSet", prefix + "jmsbench-subscriber").path("spec").path("replicas")
                    .asText(), env(controller, "SUBSCRIBERS").path("value").asText(), "SUBSCRIBERS = the replicas");

            Map<String, String> mounts = new LinkedHashMap<>();
            controller.path("volumeMounts").forEach(m -> mounts.put(m.path("name").asText(), m.path("mountPath").asText()));
            Map<String, JsonNode> volumes = new LinkedHashMap<>();
            spec.path("volumes").forEach(v -> volumes.put(v.path("name").asText(), v));
            assertEquals("/results", mounts.get("results"));
            assertEquals(only(objects, "PersistentVolumeClaim").path("metadata").path("name").asText(),
                    volumes.get("results").path("persistentVolumeClaim").path("claimName").asText());
            assertEquals("/etc/jmsbench", mounts.get("scenario"));
            assertEquals(only(objects, "ConfigMap").path("metadata").path("name").asText(),
                    volumes.get("scenario").path("configMap").path("name").asText());
            String script = controller.path("args").get(0).asText();
            assertTrue(script.contains("exec java") && script.contains("run /etc/jmsbench/scenario.yaml")
                    && script.contains("--out /results"), "exec: the Job ends with jmsbench's exit code\n" + script);

            Path scriptFile = work.resolve(overlay + "-controller.sh");
            Files.writeString(scriptFile, script);
            Process syntax = new ProcessBuilder("bash", "-n", scriptFile.toString()).redirectErrorStream(true).start();
            String said = new String(syntax.getInputStream().readAllBytes());
            assertTrue(syntax.waitFor(30, TimeUnit.SECONDS));
            assertEquals(0, syntax.exitValue(), said);
        }
    }

    @Test
    void theScenarioInTheConfigMapIsValidAndTheImageRunsWhatTheManifestsExpect() throws Exception {
        JsonNode configMap = only(render(copy("base")), "ConfigMap");
        Path scenario = work.resolve("scenario.yaml");
        Files.writeString(scenario, configMap.path("data").path("scenario.yaml").asText());
        Jmsbench.Result result = Jmsbench.run(work, Duration.ofSeconds(60), "validate", scenario.toString());
        assertEquals(0, result.exit(), result.stdout() + result.stderr());

        String dockerfile = Files.readString(KUBERNETES.resolve("Dockerfile"));
        assertTrue(dockerfile.lines().anyMatch(l -> l.matches("FROM eclipse-temurin:17-jre\\S*")), dockerfile);
        assertTrue(dockerfile.contains("COPY --chmod=0644 jmsbench.jar /opt/jmsbench/jmsbench.jar"));
        assertTrue(dockerfile.contains("USER 10001:10001"), "the user the pods' runAsUser names");
        assertTrue(dockerfile.contains("ENTRYPOINT [\"java\", \"-XX:MaxRAMPercentage=75\", \"-jar\", "
                + "\"/opt/jmsbench/jmsbench.jar\"]"), "the agents' args follow this entrypoint");
    }

    /** Why {@code object} does not match its Kubernetes schema, or {@code null} when it does. */
    static String validate(JsonNode object) throws IOException {
        String kind = object.path("kind").asText();
        String apiVersion = object.path("apiVersion").asText();
        if (!apiVersion.equals(API_VERSIONS.get(kind))) {
            return "kind " + kind + " of apiVersion " + apiVersion + " is not one this test knows";
        }
        String version = apiVersion.substring(apiVersion.indexOf('/') + 1);
        JsonElement element = JsonParser.parseString(object.toString());
        try {
            Class<?> model = Class.forName("io.kubernetes.client.openapi.models.V" + version.substring(1) + kind);
            model.getMethod("validateJsonElement", JsonElement.class).invoke(null, element);
            JsonElement roundTrip = JsonParser.parseString(JSON.serialize(JSON.deserialize(object.toString(), model)));
            return difference("", withoutEmpties(element), withoutEmpties(roundTrip));
        } catch (InvocationTargetException e) {
            return e.getCause().getMessage();
        } catch (RuntimeException e) {
            return e.toString();
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    /** The model writes unset lists and maps as empty ones: they say nothing either way. */
    private static JsonElement withoutEmpties(JsonElement element) {
        if (element.isJsonObject()) {
            com.google.gson.JsonObject out = new com.google.gson.JsonObject();
            for (Map.Entry<String, JsonElement> e : element.getAsJsonObject().entrySet()) {
                JsonElement value = withoutEmpties(e.getValue());
                boolean empty = value.isJsonArray() && value.getAsJsonArray().isEmpty()
                        || value.isJsonObject() && value.getAsJsonObject().isEmpty();
                if (!empty) {
                    out.add(e.getKey(), value);
                }
            }
            return out;
        } else if (element.isJsonArray()) {
            com.google.gson.JsonArray out = new com.google.gson.JsonArray();
            element.getAsJsonArray().forEach(item -> out.add(withoutEmpties(item)));
            return out;
        }
        return element;
    }

    /** The first place where the API's reading of an object differs from what was written, or {@code null}. */
    private static String difference(String path, JsonElement written, JsonElement read) {
        if (written.isJsonObject() && read.isJsonObject()) {
            java.util.Set<String> keys = new java.util.TreeSet<>(written.getAsJsonObject().keySet());
            keys.addAll(read.getAsJsonObject().keySet());
            for (String key : keys) {
                JsonElement a = written.getAsJsonObject().get(key);
                JsonElement b = read.getAsJsonObject().get(key);
                String d = a == null || b == null ? path + "/" + key + ": written " + a + ", read as " + b
                        : difference(path + "/" + key, a, b);
                if (d != null) {
                    return d;
                }
            }
            return null;
        } else if (written.isJsonArray() && read.isJsonArray() && written.getAsJsonArray().size()
                == read.getAsJsonArray().size()) {
            for (int i = 0; i < written.getAsJsonArray().size(); i++) {
                String d = difference(path + "/" + i, written.getAsJsonArray().get(i), read.getAsJsonArray().get(i));
                if (d != null) {
                    return d;
                }
            }
            return null;
        }
        return written.equals(read) ? null : path + ": written " + written + ", read as " + read;
    }

    private Path copy(String name) throws IOException {
        Path dir = work.resolve(name);
        if (Files.exists(dir)) {
            return dir;
        }
        Files.createDirectories(dir);
        try (Stream<Path> files = Files.list(KUBERNETES)) {
            for (Path f : files.toList()) {
                Files.copy(f, dir.resolve(f.getFileName()));
            }
        }
        byte[] random = new byte[24];
        new SecureRandom().nextBytes(random);
        Files.writeString(dir.resolve("token"), HexFormat.of().formatHex(random));
        return dir;
    }

    private List<JsonNode> render(Path dir) throws IOException, InterruptedException {
        Path out = work.resolve("rendered-" + dir.getFileName() + ".yaml");
        Path err = work.resolve("rendered-" + dir.getFileName() + ".err");
        Process p = new ProcessBuilder(kubectl, "kustomize", dir.toString()).redirectOutput(out.toFile())
                .redirectError(err.toFile()).start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("kubectl kustomize did not finish within 60 s");
        }
        assertEquals(0, p.exitValue(), "kubectl kustomize " + dir + ":\n" + Files.readString(err));
        List<JsonNode> objects = new ArrayList<>();
        try (var docs = YAML.readerFor(JsonNode.class).readValues(out.toFile())) {
            while (docs.hasNext()) {
                JsonNode doc = (JsonNode) docs.next();
                if (doc != null && !doc.isNull() && !doc.isEmpty()) {
                    objects.add(doc);
                }
            }
        }
        return objects;
    }

    private static JsonNode find(List<JsonNode> objects, String kind, String name) {
        return objects.stream().filter(o -> o.path("kind").asText().equals(kind)
                && o.path("metadata").path("name").asText().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + kind + " " + name + " rendered"));
    }

    private static JsonNode only(List<JsonNode> objects, String kind) {
        List<JsonNode> found = objects.stream().filter(o -> o.path("kind").asText().equals(kind)).toList();
        assertEquals(1, found.size(), kind);
        return found.get(0);
    }

    private static List<JsonNode> containers(JsonNode podTemplate) {
        List<JsonNode> all = new ArrayList<>();
        podTemplate.path("spec").path("initContainers").forEach(all::add);
        podTemplate.path("spec").path("containers").forEach(all::add);
        return all;
    }

    private static JsonNode env(JsonNode container, String name) {
        for (JsonNode e : container.path("env")) {
            if (e.path("name").asText().equals(name)) {
                return e;
            }
        }
        throw new AssertionError("no " + name + " in the environment of " + container.path("name"));
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    private static JsonNode selector(JsonNode matchLabels) {
        return YAML.createObjectNode().set("matchLabels", matchLabels);
    }

    /** Whether a label selector (only matchLabels is used here) selects the pods of {@code podTemplate}. */
    private static boolean matches(JsonNode labelSelector, JsonNode podTemplate) {
        assertNull(labelSelector.get("matchExpressions"), "matchLabels only");
        JsonNode labels = podTemplate.path("metadata").path("labels");
        for (Iterator<Map.Entry<String, JsonNode>> it = labelSelector.path("matchLabels").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!e.getValue().asText().equals(labels.path(e.getKey()).asText(null))) {
                return false;
            }
        }
        return true;
    }

    private static String onPath(String command) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path candidate = Path.of(dir, command);
            if (Files.isExecutable(candidate)) {
                return candidate.toString();
            }
        }
        return null;
    }
}
