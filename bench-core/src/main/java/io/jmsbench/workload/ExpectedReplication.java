package io.jmsbench.workload;

import io.jmsbench.scenario.DestinationSpec.DestinationType;
import io.jmsbench.scenario.Filters;
import io.jmsbench.scenario.PublishRate;
import io.jmsbench.scenario.PublisherGroup;
import io.jmsbench.scenario.Scenario;
import io.jmsbench.scenario.ScenarioCheck;
import io.jmsbench.scenario.Selectors;
import io.jmsbench.scenario.SubscriberGroup;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import org.apache.activemq.command.ActiveMQBytesMessage;
import org.apache.activemq.filter.BooleanExpression;
import org.apache.activemq.filter.MessageEvaluationContext;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The replication grade a scenario should produce, computed before the run by evaluating every
 * subscriber's selector against every message variant the publishers will send (round robin, so
 * equally often), with ActiveMQ's selector implementation. On a topic each matching subscription
 * gets a copy; on a queue a message goes to one matching consumer, or stays when none matches.
 * With several destinations, a message reaches only the subscribers of its publisher's destination;
 * the grade then assumes every publisher sends at the same rate (the report shows the measured one).
 */
public final class ExpectedReplication {

    /** A property the messages may carry, P1 to Pn, as a selector names it outside its string literals. */
    private static final Pattern PROPERTY = Pattern.compile("\\bP(\\d{1,6})\\b");

    private ExpectedReplication() {
    }

    /**
     * Refuses a scenario none of whose subscribers would receive anything: with an expected grade
     * of 0 there is no dispatched rate to measure and no receipt to audit.
     */
    public static ScenarioCheck.Failure refuseNone(Scenario scenario) {
        if (of(scenario) > 0) {
            return null;
        }
        int carried = scenario.message().properties();
        for (int g = 0; g < scenario.subscribers().size(); g++) {
            SubscriberGroup group = scenario.subscribers().get(g);
            int read = highestProperty(Filters.selector(group, 0));
            if (read > carried) {
                return new ScenarioCheck.Failure("/subscribers/" + g + (group.selector() != null ? "/selector"
                        : "/filter"), "expected a selector on the properties the messages carry (message.properties: "
                        + carried + (carried == 0 ? ", none" : ", P1 to P" + carried) + "), found one on P" + read
                        + ": no subscriber's selector matches, so nothing would be received");
            }
        }
        return new ScenarioCheck.Failure("/subscribers",
                "expected a subscriber whose selector matches some message the publishers send, found none "
                        + "(expected replication grade 0: nothing would be received)");
    }

    /** The highest Pn a selector names ({@code 0}: none, or no selector). */
    private static int highestProperty(String selector) {
        int highest = 0;
        if (selector != null) {
            Matcher m = PROPERTY.matcher(selector.replaceAll("'([^']|'')*'", "''"));
            while (m.find()) {
                highest = Math.max(highest, Integer.parseInt(m.group(1)));
            }
        }
        return highest;
    }

    /**
     * The scenario's grade: with publisher groups, each group's grade weighted by its share of the
     * messages as asked (its fixed rate, or its clients when any group is saturated or follows a
     * profile); {@link #expectedCopies} weighs them by what was sent instead.
     */
    public static double of(Scenario scenario) {
        List<PublisherGroup> groups = scenario.publishers().groups();
        if (groups.size() == 1) {
            return perGroup(scenario)[0];
        }
        boolean fixed = groups.stream().allMatch(g -> g.rate() instanceof PublishRate.PerSecond);
        double[] weights = new double[groups.size()];
        for (int g = 0; g < weights.length; g++) {
            weights[g] = fixed ? ((PublishRate.PerSecond) groups.get(g).rate()).total() : groups.get(g).clients();
        }
        double total = Arrays.stream(weights).sum();
        double[] grades = perGroup(scenario);
        double grade = 0;
        for (int g = 0; g < grades.length; g++) {
            grade += weights[g] / total * grades[g];
        }
        return grade;
    }

    /** Each publisher group's grade: copies per message it sends, over its own clients' destinations. */
    public static double[] perGroup(Scenario scenario) {
        List<PublisherGroup> groups = scenario.publishers().groups();
        double[] grades = new double[groups.size()];
        int first = 0;
        for (int g = 0; g < grades.length; g++) {
            grades[g] = of(scenario, groups.get(g), first);
            first += groups.get(g).clients();
        }
        return grades;
    }

    /** The copies subscribers should receive of what each group sent ({@code sent[g]}): Σ sent × grade. */
    public static double expectedCopies(double[] grades, long[] sent) {
        double copies = 0;
        for (int g = 0; g < grades.length; g++) {
            copies += grades[g] * sent[g];
        }
        return copies;
    }

    /** The grade of {@code group}, whose publishers are those at indices from {@code first} on. */
    private static double of(Scenario scenario, PublisherGroup group, int first) {
        int publishers = group.clients();
        try {
            int destinations = scenario.destination().count();
            List<List<BooleanExpression>> selectors = new ArrayList<>();
            int[] unfiltered = new int[destinations];
            for (int d = 0; d < destinations; d++) {
                selectors.add(new ArrayList<>());
            }
            int index = 0;
            for (SubscriberGroup subscribers : scenario.subscribers()) {
                for (int c = 0; c < subscribers.clients(); c++) {
                    int d = index++ % destinations;
                    String selector = Filters.selector(subscribers, c);
                    if (selector == null) {
                        unfiltered[d]++;
                    } else {
                        selectors.get(d).add(Selectors.parse(selector));
                    }
                }
            }
            int[] perDestination = new int[destinations];
            for (int i = first; i < first + publishers; i++) {
                perDestination[i % destinations]++;
            }
            double grade = 0;
            for (int d = 0; d < destinations; d++) {
                int publishersHere = perDestination[d];
                if (publishersHere > 0) {
                    grade += (double) publishersHere / publishers
                            * perMessage(scenario, group, selectors.get(d), unfiltered[d]);
                }
            }
            return grade;
        } catch (JMSException e) {
            throw new IllegalStateException("cannot evaluate the scenario's selectors: " + e.getMessage(), e);
        }
    }

    /**
     * Whether {@code selector} ({@code null}: none) matches every message variant the publishers send,
     * of every publisher group.
     */
    public static boolean matchesEveryVariant(Scenario scenario, String selector) {
        if (selector == null) {
            return true;
        }
        try {
            BooleanExpression parsed = Selectors.parse(selector);
            for (PublisherGroup group : scenario.publishers().groups()) {
                if (perMessage(scenario, group, List.of(parsed), 0) != 1.0) {
                    return false;
                }
            }
            return true;
        } catch (JMSException e) {
            throw new IllegalStateException("cannot evaluate selector " + selector + ": " + e.getMessage(), e);
        }
    }

    /**
     * Copies per message of {@code group} on one destination with these subscribers, averaged over the
     * message variants.
     */
    private static double perMessage(Scenario scenario, PublisherGroup group, List<BooleanExpression> selectors,
                                     int unfiltered) throws JMSException {
        List<MessageVariant> variants = MessageVariants.of(group.message(), scenario.subscribers());
        boolean queue = scenario.destination().type() == DestinationType.QUEUE;
        double total = 0;
        for (MessageVariant variant : variants) {
            MessageEvaluationContext context = context(group, variant);
            int matching = unfiltered;
            for (BooleanExpression selector : selectors) {
                if (selector.matches(context)) {
                    matching++;
                }
            }
            total += queue ? Math.min(1, matching) : matching;
        }
        return total / variants.size();
    }

    /** A message of {@code group} as {@code variant} makes it, for selectors to be evaluated on. */
    private static MessageEvaluationContext context(PublisherGroup group, MessageVariant variant) throws JMSException {
        ActiveMQBytesMessage message = new ActiveMQBytesMessage();
        MessageTemplate.fill(message, group.message(), variant);
        message.setJMSDeliveryMode(group.persistent() ? DeliveryMode.PERSISTENT : DeliveryMode.NON_PERSISTENT);
        MessageEvaluationContext context = new MessageEvaluationContext();
        context.setMessageReference(message);
        return context;
    }

    /**
     * By variant index, whether one of {@code selectors} (a {@code null} one: no selector, matching
     * all) matches that variant of {@code group}'s messages: which of them these subscribers take.
     */
    public static boolean[] takenVariants(Scenario scenario, PublisherGroup group, List<String> selectors) {
        List<MessageVariant> variants = MessageVariants.of(group.message(), scenario.subscribers());
        boolean[] taken = new boolean[variants.size()];
        if (selectors.contains(null)) {
            Arrays.fill(taken, true);
            return taken;
        }
        try {
            List<BooleanExpression> parsed = new ArrayList<>();
            for (String selector : selectors) {
                parsed.add(Selectors.parse(selector));
            }
            for (int v = 0; v < taken.length; v++) {
                MessageEvaluationContext context = context(group, variants.get(v));
                for (BooleanExpression selector : parsed) {
                    taken[v] |= selector.matches(context);
                }
            }
            return taken;
        } catch (JMSException e) {
            throw new IllegalStateException("cannot evaluate the selectors " + selectors + ": " + e.getMessage(), e);
        }
    }
}
