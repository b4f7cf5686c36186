package io.jmsbench.scenario.read;

import io.jmsbench.scenario.BrokerSpec;
import io.jmsbench.scenario.Defaults;
import io.jmsbench.scenario.FaultAction;
import io.jmsbench.scenario.FaultSpec;
import io.jmsbench.scenario.Phases;
import io.jmsbench.scenario.Provider;
import io.jmsbench.text.Durations;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** Reads {@code faults:} ({@link FaultSpec}): each must start while the publishers run, on a broker it can act on. */
final class FaultReader {

    /** A network interface's name, as Linux allows it (IFNAMSIZ: 15 characters). */
    private static final Pattern LINK = Pattern.compile("[A-Za-z0-9._@-]{1,15}");
    private static final int MAX_FAULTS = 1000;

    private FaultReader() {
    }

    /** {@code faults:}: each must start while the publishers run, on a broker whose process is ours. */
    static List<FaultSpec> faults(Fields root, BrokerSpec broker, Phases phases, Provider provider) {
        List<Fields> items = root.mappings("faults");
        if (items == null) {
            return List.of();
        }
        boolean external = !broker.isEmbedded();
        Duration publishing = phases.warmup().plus(phases.measure());
        List<FaultSpec> faults = new ArrayList<>();
        for (Fields f : items) {
            FaultAction action = f.choice("action", null, FaultAction.class, FaultAction::yamlName);
            if (action == null && !f.has("action")) {
                f.problem("expected action: " + Arrays.stream(FaultAction.values()).map(FaultAction::yamlName)
                        .collect(Collectors.joining(" or ")) + ", found no action");
            }
            boolean hasAt = f.has("at");
            Duration at = f.duration("at", Duration.ZERO, Duration.ZERO);
            if (!hasAt) {
                f.problem("expected at: when the first fault starts after the publishers do, such as 10s, found no at");
            }
            int times = f.integer("times", 1, 1, MAX_FAULTS);
            boolean hasEvery = f.has("every");
            Duration every = f.duration("every", Duration.ZERO, Duration.ofSeconds(1));
            Duration downFor = f.duration("downFor", Defaults.FAULT_DOWN_FOR, Duration.ofMillis(100));
            if (times > 1 && !hasEvery) {
                f.problem("times", "expected every (the time between faults) beside times: " + times + ", found none");
            } else if (times > 1 && !every.isZero() && downFor.compareTo(every) >= 0) { // 0: a wrong every, said
                f.problem("downFor", "expected downFor shorter than every (" + Durations.format(every)
                        + "), so that one fault ends before the next, found " + Durations.format(downFor));
            }
            Duration last = at.plus(every.multipliedBy(times - 1L));
            if (hasAt && last.compareTo(publishing) >= 0) {
                f.problem(times > 1 ? "times" : "at", "expected every fault to start while the publishers run (warm-up "
                        + "and window: " + Durations.format(publishing) + "), found the last at "
                        + Durations.format(last));
            }
            if (action != null && action.dropsConnections() && provider != Provider.OPENWIRE
                    && provider != Provider.AMQP) {
                f.problem("action", "expected provider openwire or amqp with " + action.yamlName() + " (their clients "
                        + "reconnect through ActiveMQ's or Qpid JMS's failover transport; "
                        + (provider == Provider.CORE ? "jmsbench runs Artemis's core client without reconnection"
                        : "RabbitMQ's JMS client has no failover transport")
                        + "), found provider " + provider.yamlName());
            }
            if (action != null && action.needsBrokerProcess() && external) {
                f.problem("action", "expected " + action.yamlName() + " only with an embedded broker (jmsbench acts "
                        + "on the process it started; partition works with any broker), found the external broker "
                        + broker.url());
            }
            String link = f.string("link", null, LINK, "a network link of the controller's machine, as 'ip link' "
                    + "names it (up to 15 letters, digits, '.', '_', '-', '@')");
            if (action == FaultAction.PARTITION && link == null && !f.has("link")) {
                f.problem("expected link: the network link to take down, such as veth1 or eth0 (see 'ip link'), "
                        + "found no link");
            } else if (action != null && action != FaultAction.PARTITION && link != null) {
                f.problem("link", "expected link only with action partition, found it with " + action.yamlName());
            }
            f.finish();
            faults.add(new FaultSpec(action, at, every, times, downFor, link));
        }
        return faults;
    }
}
