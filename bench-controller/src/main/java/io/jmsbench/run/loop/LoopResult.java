package io.jmsbench.run.loop;

import java.util.List;

/**
 * What the closed loop found: whether it converged, the rate it holds for the window ({@code rate},
 * the highest steady step), the interval the capacity lies in ({@code low}, the highest steady
 * rate; {@code high}, the lowest rate that was not, NaN when none failed), the seconds the search
 * took (from the publishers' start to the held rate's settling), every step in order and, when it
 * did not converge, why.
 */
public record LoopResult(boolean converged, double rate, double low, double high, double seconds,
                         List<LoopStep> steps, String reason) {

    public LoopResult {
        steps = List.copyOf(steps);
    }
}
