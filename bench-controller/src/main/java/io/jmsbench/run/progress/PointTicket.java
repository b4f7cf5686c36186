package io.jmsbench.run.progress;

import io.jmsbench.scenario.Phases;

/**
 * What the progress line knows of a point before it starts: its place in the run ({@code label},
 * "2/6" or "step 3 of at most 8", empty for a single run), its phases, and how long the runs after
 * it should take ({@code secondsAfter}, NaN when nobody knows, as in a search).
 */
public record PointTicket(String label, Phases phases, double secondsAfter) {
}
