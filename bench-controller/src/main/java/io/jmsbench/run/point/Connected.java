package io.jmsbench.run.point;

import io.jmsbench.run.workers.Workers;

/**
 * The connect phase, done: what preparing the clients found, and when every client was ready
 * ({@code readySeconds} from the start of the point's set-up, broker and agents included).
 */
public record Connected(Workers.Prepared prepared, double readySeconds, String readyAt) {
}
