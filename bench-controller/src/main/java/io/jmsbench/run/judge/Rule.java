package io.jmsbench.run.judge;

import io.jmsbench.verdict.Finding;

import java.util.List;

/** One validity rule: the findings it gives on a point's facts, none when the point keeps it. */
@FunctionalInterface
interface Rule {

    List<Finding> check(PointFacts facts);
}
