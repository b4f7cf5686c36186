package io.jmsbench.run.judge;

import io.jmsbench.report.IntervalSample;
import io.jmsbench.report.PointResult.RateFigure;
import io.jmsbench.stats.BatchMeans;
import io.jmsbench.stats.LevelSlope;
import io.jmsbench.verdict.Finding;
import io.jmsbench.verdict.FindingCode;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SteadyStateTest {

    private static RateFigure rate(double perSecond, double seconds) {
        return new RateFigure(Math.round(perSecond * seconds), perSecond, seconds);
    }

    /** {@code n} seconds at these mean rates, each second's received rate off by seeded noise of {@code sd}. */
    private static List<IntervalSample> seconds(double sent, double received, int n, double sd) {
        Random random = new Random(42);
        List<IntervalSample> window = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            double got = received + random.nextGaussian() * sd;
            window.add(new IntervalSample(i + 1, "measure", Math.round(sent), sent, Math.round(got), got, 1, 0.3, 0.3,
                    0.99));
        }
        return window;
    }

    private static Optional<Finding> check(double sent, double received, int n, double sd, double grade,
                                           boolean capacity) {
        return SteadyState.check(rate(sent, n), rate(received, n), grade, seconds(sent, received, n, sd), 0.05,
                capacity);
    }

    /**
     * {@code n} seconds of a saturated broker passing on {@code delivered} of what it gets: the sends
     * around {@code rate} ± {@code sd} (seeded), each second's deliveries half of this second's sends
     * and half of the last's, ± 3%, as a subscriber a little behind its publisher receives them.
     */
    private static List<IntervalSample> passedOn(double rate, double sd, double delivered, int n) {
        Random random = new Random(7);
        List<IntervalSample> window = new ArrayList<>();
        double last = rate;
        for (int i = 0; i < n; i++) {
            double sent = rate + random.nextGaussian() * sd;
            double got = delivered * (sent + last) / 2 * (1 + 0.03 * random.nextGaussian());
            last = sent;
            window.add(new IntervalSample(i + 1, "measure", Math.round(sent), sent, Math.round(got), got, 1, 0.3, 0.3,
                    0.99));
        }
        return window;
    }

    /** The judgement of a capacity window of these seconds, its rates their means. */
    private static Optional<Finding> capacity(List<IntervalSample> window) {
        double sent = window.stream().mapToDouble(IntervalSample::sendRate).sum();
        double got = window.stream().mapToDouble(IntervalSample::receiveRate).sum();
        int n = window.size();
        return SteadyState.check(rate(sent / n, n), rate(got / n, n), 1, window, 0.05, true);
    }

    @Test
    void aSaturatedWindowLongEnoughShowsItsBacklogFlat() {
        // 20,000 msgs/s sent, each second ±4,000 (a tenth of the rate), all of it passed on
        assertTrue(capacity(passedOn(20_000, 2_000, 1, 60)).isEmpty());
    }

    @Test
    void theSameBrokerOverFiveSecondsCannotShowIt() {
        List<IntervalSample> window = passedOn(20_000, 2_000, 1, 60).subList(0, 5);
        Finding finding = capacity(window).orElseThrow();
        assertEquals(FindingCode.STEADINESS_NOT_SHOWN, finding.code());
        assertEquals(Finding.Severity.UNVERIFIED, finding.severity());
        assertTrue(finding.text().startsWith("steadiness not shown: the subscribers got "), finding.text());
        assertTrue(finding.text().contains("(5% of the "), finding.text());
        assertTrue(finding.text().contains(" msgs/s sent, the precision asked of the window), nor lies beyond it, so "
                + "the window cannot tell whether the broker kept up; a window (phases.measure) of about "),
                finding.text());
        assertTrue(finding.text().endsWith(" would tell (an estimate: the interval narrows at least as 1/seconds)"),
                finding.text());
    }

    @Test
    void theShippedSmokesFiveSecondsShowItsBacklogGrowing() {
        // issue 44: 2 s warm-up, 5 s window, 21,672 ± 5,303 msgs/s sent and 17,581 ± 1,690 received: 81%
        double[] sent = {16_292, 27_052, 18_982, 24_362, 21_672};
        double[] got = {18_438, 17_581, 15_867, 19_295, 16_724};
        List<IntervalSample> window = new ArrayList<>();
        for (int i = 0; i < sent.length; i++) {
            window.add(new IntervalSample(3 + i, "measure", Math.round(sent[i]), sent[i], Math.round(got[i]), got[i], 1,
                    0.3, 0.3, 0.99));
        }
        Finding finding = capacity(window).orElseThrow();
        // the backlog's level rose about 5,000 messages a second, and five seconds of it tell that apart from its scatter
        assertEquals(FindingCode.NOT_STEADY, finding.code(), "was VALID: " + finding.text());
        assertTrue(finding.text().contains("0.81 copies per message sent in the window against the expected 1.00: the "
                + "broker's backlog grew by about 20,455 messages during it (5,338 ± "), finding.text());
    }

    @Test
    void aBacklogGrowingBeyondTheToleranceIsShownNotSteady() {
        // the subscriber keeps up with 80% of what is sent: the backlog grows by about 4,000 msgs/s
        Finding finding = capacity(passedOn(20_000, 2_000, 0.8, 20)).orElseThrow();
        assertEquals(FindingCode.NOT_STEADY, finding.code());
        assertTrue(finding.text().contains("0.81 copies per message sent in the window against the expected 1.00: the "
                + "broker's backlog grew by about "), finding.text());
    }

    @Test
    void theEstimateOfTheWindowThatWouldTellIsAboutWhatTellsIt() {
        List<IntervalSample> seconds = passedOn(20_000, 2_000, 1, 120);
        BacklogDrift drift = BacklogDrift.of(rate(20_000, 5), rate(20_000, 5), 1, seconds.subList(0, 5), 0.05);
        long estimate = drift.secondsToTell().orElseThrow();
        assertTrue(estimate > 5 && estimate <= 120, "estimate " + estimate);
        assertTrue(capacity(seconds.subList(0, (int) Math.min(120, 2 * estimate))).isEmpty(),
                "twice the estimate tells, estimate " + estimate);
    }

    @Test
    void anIntervalAsWideAsItsDistanceFromTheToleranceGivesNoEstimate() {
        LevelSlope level = new LevelSlope(1_000, 500, 5, 1);
        assertTrue(new BacklogDrift(1_000, BatchMeans.NONE, level, 20_000, 0.05, 5).secondsToTell().isEmpty(),
                "a change exactly at the tolerance");
        assertEquals("45 s", BacklogDrift.rounded(41));
        assertEquals("3 min", BacklogDrift.rounded(121));
    }

    @Test
    void aWindowAtTheExpectedGradeIsSteady() {
        // the quickstart's figures: 48,782 sent and 97,406 dispatched per second at grade 2
        assertTrue(check(48_782, 97_406, 15, 3_000, 2, true).isEmpty());
    }

    @Test
    void subscribersDrainingABacklogAreNotSteady() {
        // a capped AMQP 4x4 topic: publishers stalled by flow control while subscribers emptied the broker
        Finding finding = check(840, 4_445, 20, 100, 4, true).orElseThrow();
        assertEquals(FindingCode.NOT_STEADY, finding.code());
        assertEquals("not a steady state: the subscribers got 5.29 copies per message sent in the window against "
                + "the expected 4.00: the broker's backlog shrank by about 5,425 messages during it (-271 ± 4 msgs/s), "
                + "so its rates are not the broker's capacity (an auto warm-up, or a longer one, may help)",
                finding.text());
    }

    @Test
    void theHeldWindowOfASustainableRateIsNotAdvisedAWarmUpItDoesNotHave() {
        Finding grew = SteadyState.check(rate(5_660, 10), rate(5_000, 10), 1, seconds(5_660, 5_000, 10, 100), 0.05,
                true, true).orElseThrow();
        assertEquals(FindingCode.NOT_STEADY, grew.code());
        assertTrue(grew.text().endsWith("so its rates are not the broker's capacity (the closed loop's steps of a few "
                + "seconds kept up at this rate, but over the window the broker did not: its limit is below the rate "
                + "found; a fixed rate under it, publishers.rate, measures what it sustains)"), grew.text());
        Finding fell = SteadyState.check(rate(5_660, 10), rate(6_807, 10), 1, seconds(5_660, 6_807, 10, 100), 0.05,
                true, true).orElseThrow();
        assertEquals(FindingCode.NOT_STEADY, fell.code());
        assertTrue(fell.text().contains("shrank") && fell.text().endsWith("(the subscribers drained what the closed "
                + "loop left before the window: a rerun, or the rate found held as a fixed rate, publishers.rate, after a "
                + "warm-up, measures it)"), fell.text());
        assertFalse(grew.text().contains("warm-up") || fell.text().contains("auto warm-up"));
    }

    @Test
    void aBacklogThatGrowsAtAFixedRateIsANote() {
        Finding finding = check(10_000, 8_000, 10, 500, 1, false).orElseThrow();
        assertEquals(FindingCode.BACKLOG_CHANGED, finding.code());
        assertTrue(finding.text().contains("backlog grew by about 20,000 messages"), finding.text());
    }

    @Test
    void aChangeTheSecondsCannotTellFromNoiseIsNotShownSteady() {
        // a backlog that rose by 9,000 messages a second for 5 s and fell as fast for 5 more: about flat over the
        // window, but its level scatters so widely about that line that 10 s cannot tell: unknown, not steady
        List<IntervalSample> hump = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            double got = 30_000 * (i < 5 ? 0.7 : 1.3);
            hump.add(new IntervalSample(i + 1, "measure", 30_000, 30_000, Math.round(got), got, 1, 0.3, 0.3, 0.99));
        }
        assertEquals(FindingCode.STEADINESS_NOT_SHOWN, capacity(hump).orElseThrow().code());
        assertEquals(FindingCode.NOT_STEADY, check(30_000, 27_600, 10, 300, 1, true).orElseThrow().code(),
                "the same change with little noise");
        assertTrue(check(30_000, 27_600, 10, 30_000, 1, false).isEmpty(), "a fixed rate claims no capacity");
    }

    @Test
    void smallWindowsAndSmallChangesPassEitherWay() {
        // 20% off, but only 100 messages: the edges' messages in flight
        assertTrue(check(100, 80, 5, 1, 1, true).isEmpty());
        // 5,000 messages, but 4% of a big window, within the 5% precision asked
        assertTrue(SteadyState.check(rate(100_000, 1), rate(96_000, 1), 1, List.of(), 0.05, true).isEmpty());
    }

    @Test
    void aWindowTooShortForAnIntervalIsNotJudgedHere() {
        assertTrue(check(10_000, 9_000, 3, 100, 1, true).isEmpty(), "the judge says it could not be told");
    }

    @Test
    void aBacklogFarBeyondTheEdgesMessagesIsNamedWhateverTheInterval() {
        // an external ActiveMQ 5.17 at its memory limit: 19,606 msgs/s in, 10,788 copies/s out at grade 2,
        // each second's rates bursting by ±19,000 under flow control
        Finding finding = check(19_606, 10_788, 10, 19_000, 2, true).orElseThrow();
        assertEquals(FindingCode.NOT_STEADY, finding.code());
        assertTrue(finding.text().contains("0.55 copies per message sent in the window against the expected 2.00: "
                + "the broker's backlog grew by about 142,120 messages"), finding.text());
        assertTrue(check(10_000, 5_000, 3, 100, 1, true).isPresent(), "too short for an interval, and still named");
    }

    @Test
    void noSubscribersOrNothingSentIsNotJudgedHere() {
        assertTrue(check(5_000, 0, 10, 0, 0, true).isEmpty());
        assertTrue(check(0, 0, 10, 0, 1, true).isEmpty());
    }

    @Test
    void theBrokersOwnDepthNamesABacklogTheClientsCountsMiss() {
        RateFigure received = rate(20_000, 10);
        Finding finding = SteadyState.brokerDepth(1_200, 33_762, received, 0.05, true).orElseThrow();
        assertEquals(FindingCode.NOT_STEADY, finding.code());
        assertEquals("not a steady state: the broker's own count of the messages it holds grew from 1,200 to 33,762 "
                + "during the window (its management interface), so its rates are not the broker's capacity",
                finding.text());
        assertTrue(SteadyState.brokerDepth(1_200, 9_000, received, 0.05, true).isEmpty(), "under 10,000: the edges");
        assertTrue(SteadyState.brokerDepth(-1, 90_000, received, 0.05, true).isEmpty(), "unknown at the start");
        assertEquals(FindingCode.BACKLOG_CHANGED,
                SteadyState.brokerDepth(0, 50_000, received, 0.05, false).orElseThrow().code());
    }
}
