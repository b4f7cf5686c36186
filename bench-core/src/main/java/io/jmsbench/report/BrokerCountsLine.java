package io.jmsbench.report;

/** The broker's own counts beside the clients', in one line for people. */
public final class BrokerCountsLine {

    private BrokerCountsLine() {
    }

    public static String of(PointResult p) {
        BrokerCounts c = p.delivery().brokerCounts();
        String in = Figures.count(c.enqueued()) + " in (publishers sent " + Figures.count(p.delivery().totals().sent()) + ")";
        if (!c.outKnown()) {
            return in + "; out not known";
        }
        return in + ", " + Figures.count(c.dequeued()) + " acknowledged (subscribers received "
                + Figures.count(p.delivery().totals().received()) + "), " + Figures.count(c.inFlight()) + " in flight, "
                + Figures.count(c.remaining()) + " held";
    }
}
