package io.jmsbench.subscriber;

import io.jmsbench.workload.MessageGroups;
import jakarta.jms.JMSException;
import jakarta.jms.Message;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * How many messages of each message group one subscriber received, by the group's index: written
 * by the session's delivery thread only (a plain read and a release store, no atomic
 * read-modify-write), read by whoever serves {@code /audit}. A message of no group, or of a group
 * jmsbench did not name, is not counted (the totals count it).
 */
final class GroupCounts {

    private final AtomicLongArray counts;

    GroupCounts(int groups) {
        counts = new AtomicLongArray(groups);
    }

    /** The one delivery thread only. */
    void record(Message message) throws JMSException {
        int g = MessageGroups.indexOf(message.getStringProperty(MessageGroups.PROPERTY));
        if (g >= 0 && g < counts.length()) {
            counts.setRelease(g, counts.getPlain(g) + 1);
        }
    }

    /** The counts by group index. */
    List<Long> snapshot() {
        List<Long> out = new ArrayList<>(counts.length());
        for (int i = 0; i < counts.length(); i++) {
            out.add(counts.getAcquire(i));
        }
        return out;
    }
}
