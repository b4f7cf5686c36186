package io.jmsbench.scenario;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One group of a list under {@code publishers:}: {@code clients} publishers named {@code name}, sending
 * {@code message} (the scenario's message with the group's own fields over it) at {@code rate}, split
 * evenly over the group's clients, persistent or not as {@code persistent} says. Every group sends to
 * the scenario's destinations, spread as one pool's clients are. With {@code replyTo} its clients are
 * requesters: each request asks for a reply there, and the round trip is timed ({@code null}: they
 * only publish).
 */
public record PublisherGroup(String name, int clients, PublishRate rate, MessageSpec message, boolean persistent,
                             @JsonInclude(JsonInclude.Include.NON_NULL) ReplyTo replyTo) {

    /** A group's name when none is given: publishers-1, publishers-2, ... ({@code index} 0-based). */
    public static String defaultName(int index) {
        return "publishers-" + (index + 1);
    }

    /**
     * Each client's fixed rate in msgs/s, the closed loop's first one for {@code sustainable}; NaN when
     * saturated or following a profile.
     */
    public double ratePerClient() {
        return rate instanceof PublishRate.PerSecond fixed ? fixed.total() / clients
                : rate instanceof PublishRate.Sustainable ? PublishRate.Sustainable.START / clients : Double.NaN;
    }

    /** This group at {@code rate}, all else kept. */
    public PublisherGroup withRate(PublishRate rate) {
        return new PublisherGroup(name, clients, rate, message, persistent, replyTo);
    }
}
