package io.jmsbench.broker;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * What an embedded broker says of its limits at one instant, for a stall to be explained: how
 * full its memory (ActiveMQ: and store and temp) limits are, and per destination what it holds and
 * whether its producers are held back. {@code -1}: a figure this broker does not give.
 */
public record BrokerState(int memoryPercent, int storePercent, int tempPercent, List<DestinationState> destinations) {

    public BrokerState {
        destinations = List.copyOf(destinations);
    }

    /**
     * One destination: the messages it holds, its consumers and producers, its share of the memory
     * limit, the sends flow control blocked since the broker started (ActiveMQ's BlockedSends), and
     * whether its producers are held back now: its memory (or the broker's) is full and flow control
     * (Artemis: the BLOCK address-full policy) is on.
     */
    public record DestinationState(String type, String name, long messages, long consumers, long producers,
                                   int memoryPercent, long blockedSends, boolean producersHeld) {
    }

    /**
     * The state in words, e.g. "its memory limit 100% used, 2 producers held back by flow control
     * (2,316 sends blocked so far); queue bench.x holds 32,562 messages for 1 consumer".
     */
    public String describe() {
        List<String> limits = new ArrayList<>();
        if (memoryPercent >= 0) {
            limits.add("its memory limit " + memoryPercent + "% used");
        }
        if (storePercent >= 50) {
            limits.add("its store limit " + storePercent + "% used");
        }
        if (tempPercent >= 50) {
            limits.add("its temp limit " + tempPercent + "% used");
        }
        long held = destinations.stream().filter(DestinationState::producersHeld)
                .mapToLong(d -> Math.max(0, d.producers())).sum();
        boolean heldKnown = destinations.stream().filter(DestinationState::producersHeld).allMatch(d -> d.producers() >= 0);
        long blocked = destinations.stream().mapToLong(DestinationState::blockedSends).filter(b -> b > 0).sum();
        String blockedText = blocked > 0 ? String.format(Locale.ROOT, " (%,d sends blocked so far)", blocked) : "";
        if (held > 0) {
            limits.add(held + " producer" + (held == 1 ? "" : "s") + " held back by flow control" + blockedText);
        } else if (destinations.stream().anyMatch(DestinationState::producersHeld)) {
            limits.add((heldKnown ? "no producer" : "its producers") + " held back by flow control" + blockedText);
        } else {
            limits.add("no producer held back by flow control" + blockedText);
        }
        List<String> holding = destinations.stream().filter(d -> d.messages() > 0)
                .sorted(Comparator.comparingLong(DestinationState::messages).reversed()).limit(2)
                .map(BrokerState::holds).toList();
        return String.join(", ", limits) + (holding.isEmpty() ? "" : "; " + String.join(", ", holding));
    }

    private static String holds(DestinationState d) {
        String consumers = d.consumers() < 0 ? "" : " for " + (d.consumers() == 0 ? "no consumer"
                : d.consumers() == 1 ? "1 consumer" : d.consumers() + " consumers");
        return String.format(Locale.ROOT, "%s %s holds %,d messages%s", d.type(), d.name(), d.messages(), consumers);
    }
}
