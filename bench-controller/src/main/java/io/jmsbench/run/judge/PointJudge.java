package io.jmsbench.run.judge;

import io.jmsbench.verdict.Finding;
import io.jmsbench.verdict.FindingCode;

import java.util.ArrayList;
import java.util.List;

/**
 * Judges one point: a pure function from its facts ({@link PointFacts}: its plan, what its driver
 * observed, the broker's own counts) to typed findings ({@link #judge}). A point is valid when no
 * finding is {@link Finding.Severity#INVALID} or {@link Finding.Severity#UNVERIFIED}.
 *
 * <p>Every rule is a static method {@code List<Finding> name(PointFacts facts)} (a {@link Rule}) in
 * the class of its theme: {@link PointRules} (the point's set-up and ending), {@link HostRules} and
 * {@link CpuRules} (where it ran, the paper's CPU rules), {@link WindowRules} (the window's figures),
 * {@link MessageRules} (what became of the messages), {@link OrderRules} (their order),
 * {@link HeaderRules} (time to live, groups, delivery delay), {@link ScheduleRules}, {@link ProfileRules} and {@link BrokerHealthRules}. A new
 * rule is such a method, a {@link FindingCode}, a line in {@link #RULES} and its row in
 * {@code PointJudgeTest}'s rule table, which fails for a code without one.
 */
public final class PointJudge {

    /** Every rule, in the order its findings are listed. */
    private static final List<Rule> RULES = List.of(
            PointRules::notWarmedUp,
            PointRules::unstamped,
            PointRules::brokerReused,
            HostRules::placement,
            PointRules::ending,
            WindowRules::neverSteady,
            ClosedLoopRules::notConverged,
            WindowRules::precisionNotReached,
            windowed(HostRules::brokerCpuNotMeasured),
            windowed(HostRules::brokerProcessNotABroker),
            windowed(HostRules::hostCpuNotMeasured),
            windowed(HostRules::foreignLoadNotChecked),
            windowed(HostRules::brokerProcessNotMeasured),
            windowed(CpuRules::check),
            windowed(WindowRules::countNotReached),
            windowed(WindowRules::steadyState),
            windowed(WindowRules::windowTooShort),
            windowed(WindowRules::shorterThanAsked),
            windowed(WindowRules::receivedInterval),
            windowed(WindowRules::dispatchedInterval),
            windowed(WindowRules::sentRate),
            ProfileRules::shortfall,
            MessageRules::sendErrors,
            MessageRules::receiveErrors,
            MessageRules::audit,
            OrderRules::outOfOrder,
            MessageRules::drain,
            MessageRules::unanswered,
            MessageRules::grade,
            PointRules::clocks,
            PointRules::faults,
            ScheduleRules::consumerSchedule,
            MessageRules::brokerCounts,
            BrokerCountRules::partial,
            BrokerCountRules::heldBefore,
            HeaderRules::expired,
            HeaderRules::groups,
            HeaderRules::deliveryDelay,
            BrokerHealthRules::check);

    private PointJudge() {
    }

    /** Every finding about the point, in the order of {@link #RULES}. */
    public static List<Finding> judge(PointFacts facts) {
        List<Finding> findings = new ArrayList<>();
        for (Rule rule : RULES) {
            findings.addAll(rule.check(facts));
        }
        return List.copyOf(findings);
    }

    /** A rule on the window's figures, which only a window that reached its end has. */
    private static Rule windowed(Rule rule) {
        return facts -> facts.windowComplete() ? rule.check(facts) : List.of();
    }
}
