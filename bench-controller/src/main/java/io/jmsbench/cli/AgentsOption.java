package io.jmsbench.cli;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * {@code run --agents ROLE=HOST:PORT[,HOST:PORT...]}, checked as given on the command line (each
 * role once, each address a HOST:PORT) and turned into the scenario overrides it stands for.
 */
final class AgentsOption {

    private static final List<String> ROLES = List.of("publishers", "subscribers", "monitor");
    /** As the scenario's agents section reads an address. */
    private static final Pattern ADDRESS = Pattern.compile("([A-Za-z0-9._-]+|\\[[0-9A-Fa-f:.]+\\]):(\\d{1,5})");

    private AgentsOption() {
    }

    /** The {@code agents.ROLE=...} overrides of the options given, or the sentence refusing them. */
    static List<String> overrides(List<String> given) throws BadInput {
        List<String> overrides = new ArrayList<>();
        Set<String> roles = new LinkedHashSet<>();
        Set<String> addresses = new LinkedHashSet<>();
        for (String option : given) {
            int eq = option.indexOf('=');
            String role = eq < 0 ? "" : option.substring(0, eq).strip();
            if (!ROLES.contains(role)) {
                throw new BadInput("--agents: expected ROLE=HOST:PORT[,HOST:PORT...] with ROLE publishers, subscribers"
                        + " or monitor, found '" + option + "'");
            }
            if (!roles.add(role)) {
                throw new BadInput("--agents: expected each role once (several agents of a role go in one option,"
                        + " comma-separated), found " + role + " twice");
            }
            for (String address : option.substring(eq + 1).split(",", -1)) {
                var m = ADDRESS.matcher(address.strip());
                if (!m.matches() || Integer.parseInt(m.group(2)) > 65535) {
                    throw new BadInput("--agents: expected an agent address HOST:PORT such as 10.0.0.3:7100, found '"
                            + address + "' in '" + option + "'");
                }
                if (!addresses.add(address.strip())) {
                    throw new BadInput("--agents: expected each agent once, found " + address.strip() + " twice");
                }
            }
            overrides.add("agents." + role + "=" + option.substring(eq + 1));
        }
        return overrides;
    }
}
