package io.jmsbench.scenario.read;

import io.jmsbench.scenario.DestinationSpec.DestinationType;
import io.jmsbench.scenario.DestinationSpec;
import io.jmsbench.scenario.Phases;
import io.jmsbench.scenario.SubscriberGroup;
import io.jmsbench.text.Durations;

import java.time.Duration;
import java.util.List;

/**
 * The rules across fields for subscriber groups that join late ({@code start}) or leave early
 * ({@code stop}): what the audit and the drain could not judge honestly is refused.
 */
final class ConsumerSchedules {

    private ConsumerSchedules() {
    }

    static void check(Fields root, DestinationSpec destination, Phases phases, List<SubscriberGroup> groups) {
        Duration publishing = phases.warmup().plus(phases.measure());
        for (int g = 0; g < groups.size(); g++) {
            SubscriberGroup group = groups.get(g);
            if (group.start() == null && group.stop() == null) {
                continue;
            }
            String at = "/subscribers/" + g + "/" + (group.start() != null ? "start" : "stop");
            if (destination.type() == DestinationType.TOPIC) {
                root.problemAt(at, "expected start and stop only with a queue (a topic subscriber that is away never "
                        + "gets what was published meanwhile, so its copies would not be the publishers' whole stream), "
                        + "found destination type topic");
                continue;
            }
            if (phases.warmupAuto() || phases.measureAuto() || phases.messages() > 0) {
                root.problemAt(at, "expected fixed phases.warmup and phases.measure with start or stop (they are times "
                        + "after the publishers start, which an auto or count-bounded phase leaves unknown), found "
                        + (phases.messages() > 0 ? "phases.messages" : "an auto phase"));
                continue;
            }
            if (group.start() != null && group.start().compareTo(publishing) >= 0) {
                root.problemAt("/subscribers/" + g + "/start", "expected start before the publishers stop (warm-up "
                        + "and window: " + Durations.format(publishing) + "), found " + Durations.format(group.start()));
            }
            if (group.stop() != null && group.start() != null && group.stop().compareTo(group.start()) <= 0) {
                root.problemAt("/subscribers/" + g + "/stop", "expected stop after start ("
                        + Durations.format(group.start()) + "), found " + Durations.format(group.stop()));
            }
        }
        checkSomeoneStays(root, destination, groups);
    }

    /**
     * Every queue a leaving client consumes needs a client that stays until the drain: once all its
     * consumers left, its backlog would never drain and the audit could only call it lost.
     */
    private static void checkSomeoneStays(Fields root, DestinationSpec destination, List<SubscriberGroup> groups) {
        if (destination.type() != DestinationType.QUEUE) {
            return;
        }
        boolean[] leaves = new boolean[destination.count()];
        boolean[] stays = new boolean[destination.count()];
        int[] firstLeaving = new int[destination.count()];
        int index = 0;
        for (int g = 0; g < groups.size(); g++) {
            for (int c = 0; c < groups.get(g).clients(); c++) {
                int d = Math.floorMod(index++, destination.count());
                if (groups.get(g).stop() == null) {
                    stays[d] = true;
                } else if (!leaves[d]) {
                    leaves[d] = true;
                    firstLeaving[d] = g;
                }
            }
        }
        for (int d = 0; d < destination.count(); d++) {
            if (leaves[d] && !stays[d]) {
                root.problemAt("/subscribers/" + firstLeaving[d] + "/stop", "expected a subscriber without stop on "
                        + "queue " + destination.nameFor(d) + " as well (once every consumer of a queue has left, its "
                        + "backlog never drains), found every one of its subscribers leaving");
                return;
            }
        }
    }
}
