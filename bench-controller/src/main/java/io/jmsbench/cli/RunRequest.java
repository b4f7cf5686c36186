package io.jmsbench.cli;

import io.jmsbench.history.store.HistoryLocation;
import io.jmsbench.run.BrokerLocator;
import io.jmsbench.run.progress.ProgressMode;
import io.jmsbench.scenario.ScenarioPlan;

import java.nio.file.Path;
import java.util.List;

/**
 * What {@code jmsbench run} was asked, its options checked and its scenario loaded.
 *
 * @param plan              the scenario with its overrides, as points to run
 * @param scenarioFile      the scenario YAML file
 * @param assignments       the --set overrides, then those --agents makes
 * @param out               the directory for results
 * @param metricsPort       where to serve the run's metrics, 0 for any free port; {@code null}: not served
 * @param brokerCredentials the properties file with the broker's user and password; {@code null}: the
 *                          environment's, else anonymous
 * @param tokenFile         the remote agents' token; {@code null}: the environment's, else ~/.jmsbench/token
 * @param brokerLocator     how an external broker's process on this machine is found (--broker-port, --broker-pid)
 * @param history           where the run's points are recorded after it; {@code null}: nowhere
 * @param commit            the commit recorded with the run; {@code null}: none given
 */
record RunRequest(ScenarioPlan plan, Path scenarioFile, List<String> assignments, Path out, ProgressMode progress,
                  boolean diskBenchmark, boolean continueOnFailure, Path tokenFile, Path brokerCredentials,
                  Integer metricsPort, String metricsAddress, BrokerLocator brokerLocator, HistoryLocation history,
                  String commit) {

    RunRequest {
        assignments = List.copyOf(assignments);
    }
}
