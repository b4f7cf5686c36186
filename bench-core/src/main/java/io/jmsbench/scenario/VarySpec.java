package io.jmsbench.scenario;

/**
 * How publishers vary the messages they send, round robin over variants. Either {@code on} a field
 * (a property or {@code correlationId}) with values {@code "#from" .. "#to"}, or {@code matchGroup}:
 * one variant for every alternative of that subscriber group's generated filters, so that each
 * client's filter is matched in turn (the paper's "corresponding messages ... in a round robin").
 */
public record VarySpec(String on, Integer from, Integer to, Integer matchGroup) {
}
