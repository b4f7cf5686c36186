package io.jmsbench.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

@Command(name = "fit", mixinStandardHelpOptions = true,
        description = {"Fit the paper's cost model to the points of one or more reports.",
                "The model is B = t_rcv + n_fltr * t_fltr + r * t_tx, fitted by least squares on "
                + "B = 1 / received rate with every parameter >= 0, and printed beside the paper's ActiveMQ 4.0 values.",
                "Given one report, the fit is also stored in it under \"model\" (not with --holdout)."},
        footer = {"", "Example: ./jmsbench fit results/paper-quick-fig8/*/report.json --predict filters=200,r=10",
                "Leave out r above 10 and test the fit on 3 held-out points:",
                "  ./jmsbench fit results/paper-fig8/report.json --max-r 10 --holdout 3 --seed 1"})
final class FitCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "REPORT", arity = "1..*",
            description = "report.json files, or run directories holding one.")
    List<Path> reports;

    @Option(names = "--include-invalid",
            description = "Fit every point with a positive received rate, valid or not.")
    boolean includeInvalid;

    @Option(names = "--predict", paramLabel = "filters=N,r=X",
            description = "Also print the predicted received and overall rate, e.g. --predict filters=200,r=10.")
    List<String> predictions = new ArrayList<>();

    @Option(names = "--max-r", paramLabel = "X",
            description = "Leave out the points whose measured replication grade exceeds X"
                    + " (the paper left r = 20 and 40 out of its fit).")
    String maxR;

    @Option(names = "--holdout", paramLabel = "K",
            description = "Hold out K points chosen at random, fit the rest, and print how well the fit predicts"
                    + " the held-out ones. The model is then not stored.")
    Integer holdout;

    @Option(names = "--compared", paramLabel = "NAME",
            description = "Fit only the points of the compared set NAME (a scenario's compare: entry, such as one"
                    + " broker of several); a report of several compared sets needs it, one model across them means"
                    + " nothing.")
    String compared;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
            description = "Seed of the random choice of --holdout (default: ${DEFAULT-VALUE}).")
    long seed;

    @Override
    public Integer call() {
        try {
            ReportsFit.run(request(), spec.commandLine().getOut());
            return ExitCodes.OK;
        } catch (BadInput e) {
            spec.commandLine().getErr().println("jmsbench fit: " + e.getMessage());
            return ExitCodes.BAD_INPUT;
        }
    }

    /** The options' values, checked in the order given here. */
    private FitRequest request() throws BadInput {
        List<FitRequest.Prediction> predicts = new ArrayList<>();
        for (String text : predictions) {
            predicts.add(FitRequest.Prediction.parse(text));
        }
        return new FitRequest(reports, includeInvalid, predicts, maxR == null ? null : FitRequest.MaxR.parse(maxR),
                holdout == null ? null : new FitRequest.HoldOut(holdout, seed), compared);
    }
}
