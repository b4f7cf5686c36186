package io.jmsbench.workload;

/**
 * The JMSXGroupID values of a scenario's message groups: {@code jmsbench-g0} to
 * {@code jmsbench-g<n-1>}, message k of a publisher in group k mod n, so that every publisher
 * spreads its messages over every group and a subscriber can tell a group by its index.
 */
public final class MessageGroups {

    /** The JMS property that names a message's group (JMS 2.0, 3.5.9). */
    public static final String PROPERTY = "JMSXGroupID";
    private static final String PREFIX = "jmsbench-g";

    private MessageGroups() {
    }

    /** The names of {@code groups} groups, by index. */
    public static String[] names(int groups) {
        String[] names = new String[groups];
        for (int i = 0; i < groups; i++) {
            names[i] = PREFIX + i;
        }
        return names;
    }

    /** The index a group's name stands for; -1 for no name, or one jmsbench did not give. */
    public static int indexOf(String name) {
        if (name == null || !name.startsWith(PREFIX) || name.length() == PREFIX.length()
                || name.length() > PREFIX.length() + 9) {
            return -1;
        }
        int index = 0;
        for (int i = PREFIX.length(); i < name.length(); i++) {
            char c = name.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            index = index * 10 + (c - '0');
        }
        return index;
    }
}
