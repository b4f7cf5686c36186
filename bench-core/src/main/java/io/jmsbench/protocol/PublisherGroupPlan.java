package io.jmsbench.protocol;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/**
 * One publisher group of a {@link PoolPlan}: what its clients send ({@code message}, round robin over
 * {@code variants}), whether persistent, and each client's rate as the pool's own fields say it
 * ({@code ratePerClient} NaN when saturated, {@code rateProfile} {@code null} unless it changes).
 */
public record PublisherGroupPlan(String name, MessagePlan message, List<VariantPlan> variants, boolean persistent,
                                 double ratePerClient,
                                 @JsonInclude(JsonInclude.Include.NON_NULL) List<RateStep> rateProfile) {

    public PublisherGroupPlan {
        variants = List.copyOf(variants);
        rateProfile = rateProfile == null ? null : List.copyOf(rateProfile);
    }
}
