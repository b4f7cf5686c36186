package io.jmsbench.scenario.read;

import io.jmsbench.scenario.AgentsSpec;
import io.jmsbench.scenario.BrokerSpec;
import io.jmsbench.scenario.CpuSpec;
import io.jmsbench.system.CpuList;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/** Reads {@code cpus:} ({@link CpuSpec}) and refuses at the field's line what cannot work on this host. */
final class CpuReader {

    private static final String KEY = "cpus";
    private static final Pattern MODE = Pattern.compile("auto|shared");
    private static final String MODE_EXPECTED = "auto, shared, or a mapping of CPU lists (broker, publishers, "
            + "subscribers or clients)";
    private static final Pattern LIST = Pattern.compile("\\d+(-\\d+)?(,\\d+(-\\d+)?)*");
    private static final String LIST_EXPECTED = "a Linux CPU list such as \"0-3\" or \"0,2,4-5\"";

    private CpuReader() {
    }

    static CpuSpec cpus(Fields root, AgentsSpec agents, BrokerSpec broker) {
        CpuList allowed = CpuList.allowed();
        CpuSpec spec = root.nested().isText(KEY) ? mode(root, allowed) : lists(root.nested().mappingOrText(KEY,
                () -> ValueSchemas.pattern(MODE_EXPECTED, MODE)), allowed, broker);
        if (spec.mode() == CpuSpec.Mode.AUTO && !broker.isEmbedded()) {
            root.problem(KEY, "expected CPU lists with pinExternal: true for an external broker (auto would judge "
                    + "CPUs the broker does not run on), found cpus: auto");
        }
        if (spec.partitioned() && agents.remote()) {
            root.problem(KEY, "expected cpus only with local agents (it places the JVMs of this machine), found "
                    + "remote agents in agents.publishers");
        }
        return spec;
    }

    private static CpuSpec mode(Fields root, CpuList allowed) {
        String mode = root.string(KEY, "shared", MODE, MODE_EXPECTED);
        if (!"auto".equals(mode)) {
            return CpuSpec.SHARED;
        }
        if (allowed.size() < 2) {
            root.problem(KEY, "expected at least 2 CPUs for cpus: auto (one for the broker, one for the clients), "
                    + "found this process may use " + allowed.size() + " (CPU " + allowed + ")");
        }
        return new CpuSpec(CpuSpec.Mode.AUTO, null, null, null, false);
    }

    private static CpuSpec lists(Fields f, CpuList allowed, BrokerSpec broker) {
        if (!f.has("broker") && !f.has("publishers") && !f.has("subscribers") && !f.has("clients")
                && !f.has("pinExternal")) {
            f.finish();
            return CpuSpec.SHARED;
        }
        Map<String, CpuList> roles = new LinkedHashMap<>();
        for (String role : List.of("broker", "publishers", "subscribers", "clients")) {
            CpuList list = list(f, role, allowed);
            if (list != null) {
                roles.put(role, list);
            }
        }
        boolean pinExternal = f.bool("pinExternal", false);
        if (roles.containsKey("clients") && (roles.containsKey("publishers") || roles.containsKey("subscribers"))) {
            f.problem("clients", "expected clients (one list both client roles share) or publishers and subscribers, "
                    + "found both");
        }
        if (!f.has("broker")) {
            f.problem("expected broker: a CPU list for the broker (with publishers and subscribers, or clients)");
        }
        if (!f.has("clients") && !(f.has("publishers") && f.has("subscribers"))) {
            f.problem("expected publishers and subscribers (or clients, one list for both): every role needs CPUs");
        }
        if (pinExternal && broker.isEmbedded()) {
            f.problem("pinExternal", "expected pinExternal only with an external broker (broker.url): the embedded "
                    + "broker is always pinned");
        }
        if (!pinExternal && !broker.isEmbedded() && roles.containsKey("broker")) {
            f.problem("broker", "expected pinExternal: true beside broker: an external broker's process is pinned "
                    + "only when you allow it");
        }
        overlaps(f, roles);
        f.finish();
        CpuList clients = roles.get("clients");
        CpuList brokerCpus = roles.get("broker");
        CpuList publishers = clients != null ? clients : roles.get("publishers");
        CpuList subscribers = clients != null ? clients : roles.get("subscribers");
        if (brokerCpus == null || publishers == null || subscribers == null) {
            return CpuSpec.SHARED; // a problem was reported above
        }
        return new CpuSpec(CpuSpec.Mode.LISTS, brokerCpus, publishers, subscribers, pinExternal);
    }

    private static CpuList list(Fields f, String role, CpuList allowed) {
        String text = f.string(role, null, () -> ValueSchemas.pattern(LIST_EXPECTED, LIST));
        if (text == null) {
            return null;
        }
        CpuList list;
        try {
            list = CpuList.parse(text);
        } catch (IllegalArgumentException e) {
            f.problem(role, "expected " + e.getMessage());
            return null;
        }
        CpuList outside = list.minus(allowed);
        if (!outside.isEmpty()) {
            f.problem(role, "expected CPUs this process may use (its affinity mask is " + allowed + "), found CPU "
                    + outside + " in " + list);
            return null;
        }
        return list;
    }

    /** Two roles on one CPU are not partitions: refused at the later role. */
    private static void overlaps(Fields f, Map<String, CpuList> roles) {
        List<Map.Entry<String, CpuList>> entries = List.copyOf(roles.entrySet());
        for (int i = 1; i < entries.size(); i++) {
            for (int j = 0; j < i; j++) {
                CpuList shared = entries.get(i).getValue().intersect(entries.get(j).getValue());
                if (!shared.isEmpty()) {
                    f.problem(entries.get(i).getKey(), "expected CPUs apart from " + entries.get(j).getKey() + " ("
                            + entries.get(j).getValue() + "), found CPU " + shared + " in both (to let publishers "
                            + "and subscribers share CPUs, give one clients: list)");
                    break;
                }
            }
        }
    }
}
