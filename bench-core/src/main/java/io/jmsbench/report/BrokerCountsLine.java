package io.jmsbench.report;

/** The broker's own counts beside the clients', in one line for people. */
public final class BrokerCountsLine {

    private BrokerCountsLine() {
    }

    public static String of(PointResult p) {
        BrokerCounts c = p.brokerCounts();
        String in = Figures.count(c.enqueued()) + " in (publishers sent " + Figures.count(p.totals().sent()) + ")";
        if (!c.outKnown()) {
            return in + "; out not known";
        }
        return in + ", " + Figures.count(c.dequeued()) + " acknowledged (subscribers received "
                + Figures.count(p.totals().received()) + "), " + Figures.count(c.inFlight()) + " in flight, "
                + Figures.count(c.remaining()) + " held";
    }
}
