package io.jmsbench.report;

import java.util.List;

/**
 * Builds a {@link PointResult} group by group ({@link PointResult#builder()}), or changes some groups
 * of one ({@link PointResult#toBuilder()}). Samples not given are none, the environment
 * {@link PointEnvironment#NONE}, the sizes not counted ({@code null}) and the publishers one group;
 * the other groups not given are {@code null}.
 */
public final class PointResultBuilder {

    private PointResult.Key key;
    private PointResult.Judgement judgement;
    private PointResult.Timing timing;
    private PointResult.Rates rates;
    private PointResult.Delivery delivery;
    private PointResult.Resources resources;
    private List<IntervalSample> samples = List.of();
    private PointEnvironment environment = PointEnvironment.NONE;
    private MessageSizes sizes;
    private List<GroupRate> publisherGroups = List.of();
    private ClosedLoop closedLoop;

    PointResultBuilder() {
    }

    public PointResultBuilder key(PointResult.Key key) {
        this.key = key;
        return this;
    }

    public PointResultBuilder judgement(PointResult.Judgement judgement) {
        this.judgement = judgement;
        return this;
    }

    public PointResultBuilder timing(PointResult.Timing timing) {
        this.timing = timing;
        return this;
    }

    public PointResultBuilder rates(PointResult.Rates rates) {
        this.rates = rates;
        return this;
    }

    public PointResultBuilder delivery(PointResult.Delivery delivery) {
        this.delivery = delivery;
        return this;
    }

    public PointResultBuilder resources(PointResult.Resources resources) {
        this.resources = resources;
        return this;
    }

    public PointResultBuilder samples(List<IntervalSample> samples) {
        this.samples = samples;
        return this;
    }

    public PointResultBuilder environment(PointEnvironment environment) {
        this.environment = environment;
        return this;
    }

    /** The payload bytes; {@code null}: not counted. */
    public PointResultBuilder sizes(MessageSizes sizes) {
        this.sizes = sizes;
        return this;
    }

    /** Each publisher group's rate; empty for one group. */
    public PointResultBuilder publisherGroups(List<GroupRate> publisherGroups) {
        this.publisherGroups = publisherGroups;
        return this;
    }

    /** What the closed loop of {@code rate: sustainable} found; {@code null} for any other rate. */
    public PointResultBuilder closedLoop(ClosedLoop closedLoop) {
        this.closedLoop = closedLoop;
        return this;
    }

    public PointResult build() {
        return new PointResult(key, judgement, timing, rates, delivery, resources, samples, environment, sizes,
                publisherGroups, closedLoop);
    }
}
