package io.jmsbench.model;

import io.jmsbench.stats.StudentT;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Fits the paper's cost model (eq. 1), B = t_rcv + n_fltr * t_fltr + r * t_tx, to measured points by least
 * squares on B = 1 / received rate, with every parameter >= 0.
 *
 * <p>With three unknowns the non-negative least-squares problem is solved exactly by enumeration: the
 * optimum is the unconstrained least-squares solution on its own set of positive parameters, so solving
 * every non-empty subset of the three columns and keeping the best solution with no negative coefficient
 * finds it. Each subset is solved by Householder QR on unit-norm columns (B is ~1e-4 s, n_fltr tens,
 * r units: scaling keeps the design well conditioned); noise-free points come back to ~1e-14.
 *
 * <p>A subset whose columns are (nearly) dependent is not solved: its coefficients are not identified.
 * The same test tells the caller, as warnings, which parameters the design cannot separate.
 *
 * <p>Standard errors are those of ordinary least squares on the subset the solution uses, S:
 * Cov = s^2 (X_S^T X_S)^-1 with s^2 = RSS / (m - |S|), taken from the same QR as R^-1 R^-T on the
 * scaled columns. Parameters outside S are fixed at 0 and have none.
 */
public final class CostModel {

    /** The paper's fit for ActiveMQ 4.0 (§4.5), seconds. */
    public static final double PAPER_T_RCV = 4.9e-5;
    public static final double PAPER_T_FLTR = 1.6e-7;
    public static final double PAPER_T_TX = 1.5e-5;

    /** The parameters' names, in the order of every array and list of them. */
    public static final List<String> PARAMETERS = List.of("t_rcv", "t_fltr", "t_tx");
    private static final String[] NAMES = PARAMETERS.toArray(String[]::new);

    /** Above SubsetSolution.RANK_TOLERANCE but below this, the design separates the parameters only weakly. */
    private static final double WEAK_DESIGN = 1e-2;
    /** Residual sums of squares closer than this share of sum(B^2) are ties, settled by SUBSETS order. */
    private static final double TIE = 1e-12;
    /**
     * Column subsets of (1, n_fltr, r) in order of preference on ties: when the data cannot tell two
     * parameters apart, t_rcv keeps the shared cost, and t_tx is preferred over t_fltr (t_fltr is tiny).
     */
    private static final int[][] SUBSETS = {{0, 1, 2}, {0, 2}, {0, 1}, {0}, {1, 2}, {2}, {1}};

    private CostModel() {
    }

    /** B, the processing time per received message in seconds, for the given parameters and workload. */
    public static double processingTime(double tRcv, double tFltr, double tTx, double filters, double r) {
        return tRcv + filters * tFltr + r * tTx;
    }

    /**
     * Fits t_rcv, t_fltr and t_tx (all >= 0) to the points.
     *
     * @throws IllegalArgumentException when there are no points or one of them is null (each point checks
     *                                  its own rate, filters and replication grade when it is built)
     */
    public static ModelFit fit(List<ModelPoint> points) {
        if (points == null || points.isEmpty()) {
            throw new IllegalArgumentException(
                    "no points to fit: the cost model needs measured points, at least 3 for its 3 parameters");
        }
        for (int i = 0; i < points.size(); i++) {
            if (points.get(i) == null) {
                throw new IllegalArgumentException("point " + (i + 1) + " of " + points.size() + " is null");
            }
        }
        int m = points.size();
        double[][] x = new double[m][];
        double[] y = new double[m];
        for (int i = 0; i < m; i++) {
            ModelPoint p = points.get(i);
            x[i] = new double[] {1, p.filters(), p.replicationGrade()};
            y[i] = 1 / p.receivedRate();
        }
        SubsetSolution best = nonNegative(x, y);
        SubsetSolution free = unconstrained(x, y);
        List<String> warnings = designWarnings(points, x, y);
        warnings.addAll(clampWarnings(y, best, free));

        List<ModelFit.Residual> residuals = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        double mean = Arrays.stream(y).average().orElse(Double.NaN);
        double total = 0;
        for (int i = 0; i < m; i++) {
            ModelPoint p = points.get(i);
            double predicted = 1 / best.at(x[i]);
            residuals.add(new ModelFit.Residual(p.label(), p.filters(), p.replicationGrade(), p.receivedRate(),
                    predicted, (predicted - p.receivedRate()) / p.receivedRate()));
            labels.add(p.label());
            total += (y[i] - mean) * (y[i] - mean);
        }
        double rSquared = total > 0 ? 1 - best.rss() / total : Double.NaN;
        double[] loo = leaveOneOut(points, x, y);
        int df = m - best.cols().length;
        double variance = df > 0 ? best.rss() / df : Double.NaN;
        double[][] cov = new double[3][3];
        for (int i : best.cols()) {
            for (int j : best.cols()) {
                cov[i][j] = variance * best.unitCovariance()[i][j];
            }
        }
        List<List<Double>> covariance = new ArrayList<>();
        for (double[] row : cov) {
            covariance.add(Arrays.stream(row).boxed().toList());
        }
        return new ModelFit(best.coef()[0], best.coef()[1], best.coef()[2], rSquared, residuals,
                loo.length == 0 ? Double.NaN : median(loo), loo.length == 0 ? Double.NaN : loo[loo.length - 1],
                warnings, m, labels, estimates(best, free, cov, df), variance, df, covariance, List.of());
    }

    /** Each parameter with its standard error and 95% interval; NaN for those fixed at 0 and when df = 0. */
    private static List<Estimate> estimates(SubsetSolution best, SubsetSolution free, double[][] cov, int df) {
        double t = df > 0 ? StudentT.quantile975(df) : Double.NaN;
        List<Estimate> estimates = new ArrayList<>();
        for (int j = 0; j < 3; j++) {
            if (best.uses(j)) {
                double se = Math.sqrt(cov[j][j]);
                estimates.add(new Estimate(NAMES[j], best.coef()[j], se, best.coef()[j] - t * se,
                        best.coef()[j] + t * se, false));
            } else {
                // fixed at 0: by the constraint when unconstrained least squares would use it, else by the design
                estimates.add(new Estimate(NAMES[j], 0, Double.NaN, Double.NaN, Double.NaN,
                        free != null && free.uses(j)));
            }
        }
        return estimates;
    }

    /** What the design cannot identify: too few points, a constant column, n_fltr and r on one line. */
    private static List<String> designWarnings(List<ModelPoint> points, double[][] x, double[] y) {
        int m = points.size();
        List<String> warnings = new ArrayList<>();
        if (m < 3) {
            warnings.add("only " + m + " point" + (m == 1 ? "" : "s")
                    + ": the three parameters need at least 3 points with different (n_fltr, r)");
        }
        if (m < 2) {
            return warnings;
        }
        boolean filtersConstant = SubsetSolution.of(x, y, new int[] {0, 1}) == null;
        boolean gradeConstant = SubsetSolution.of(x, y, new int[] {0, 2}) == null;
        if (filtersConstant) {
            warnings.add("n_fltr is the same (" + number(points.stream().mapToDouble(ModelPoint::filters).average()
                    .orElseThrow()) + ") at every point: t_fltr cannot be told apart from t_rcv;"
                    + " sweep the number of filters to separate them");
        }
        if (gradeConstant) {
            warnings.add("r is the same (" + number(points.stream().mapToDouble(ModelPoint::replicationGrade)
                    .average().orElseThrow()) + ") at every point: t_tx cannot be told apart from t_rcv;"
                    + " sweep the replication grade to separate them");
        }
        if (m < 3 || filtersConstant || gradeConstant) {
            return warnings;
        }
        SubsetSolution full = SubsetSolution.of(x, y, SUBSETS[0]);
        if (full == null) {
            // n_fltr = a + b * r at every point: regress n_fltr on (1, r) to say which line
            double[] filters = points.stream().mapToDouble(ModelPoint::filters).toArray();
            SubsetSolution line = SubsetSolution.of(x, filters, new int[] {0, 2});
            warnings.add("n_fltr and r are collinear (n_fltr = " + line(line.coef()[2], line.coef()[0])
                    + " at every point): t_fltr cannot be told apart from t_rcv and t_tx;"
                    + " sweep the extra non-matching filters independently of r");
        } else if (full.minDiagonal() < WEAK_DESIGN) {
            warnings.add("the design barely separates the parameters (n_fltr and r are nearly constant or nearly"
                    + " collinear): t_rcv, t_fltr and t_tx are poorly determined");
        }
        return warnings;
    }

    /** Unconstrained least squares on the best identified subset (ties settled by SUBSETS order). */
    private static SubsetSolution unconstrained(double[][] x, double[] y) {
        SubsetSolution free = null;
        double tie = tieTolerance(y);
        for (int[] cols : SUBSETS) {
            SubsetSolution s = SubsetSolution.of(x, y, cols);
            if (s != null && (free == null || s.rss() < free.rss() - tie)) {
                free = s;
            }
        }
        return free;
    }

    /** The parameters the constraint set to 0 where unconstrained least squares would fit better. */
    private static List<String> clampWarnings(double[] y, SubsetSolution best, SubsetSolution free) {
        double tie = tieTolerance(y);
        List<String> warnings = new ArrayList<>();
        if (free == null || best.rss() <= free.rss() + tie) {
            return warnings;
        }
        for (int j = 0; j < 3; j++) {
            if (!best.uses(j) && free.uses(j)) {
                warnings.add(String.format(Locale.ROOT, "%s was clamped to 0 by the non-negativity constraint"
                        + " (unconstrained least squares gives %.2e s)", NAMES[j], free.coef()[j]));
            }
        }
        return warnings;
    }

    /** |predicted - measured| / measured for each point fitted from all the others, sorted; empty below 4. */
    private static double[] leaveOneOut(List<ModelPoint> points, double[][] x, double[] y) {
        int m = points.size();
        if (m < 4) {
            return new double[0];
        }
        double[] errors = new double[m];
        for (int out = 0; out < m; out++) {
            double[][] xs = new double[m - 1][];
            double[] ys = new double[m - 1];
            for (int i = 0, k = 0; i < m; i++) {
                if (i != out) {
                    xs[k] = x[i];
                    ys[k++] = y[i];
                }
            }
            double b = nonNegative(xs, ys).at(x[out]);
            double measured = points.get(out).receivedRate();
            errors[out] = b > 0 ? Math.abs(1 / b - measured) / measured : Double.POSITIVE_INFINITY;
        }
        Arrays.sort(errors);
        return errors;
    }

    /** Exact non-negative least squares: the best subset solution with no negative coefficient. */
    private static SubsetSolution nonNegative(double[][] x, double[] y) {
        SubsetSolution best = null;
        double tie = tieTolerance(y);
        for (int[] cols : SUBSETS) {
            SubsetSolution s = SubsetSolution.of(x, y, cols);
            if (s != null && s.nonNegative() && (best == null || s.rss() < best.rss() - tie)) {
                best = s;
            }
        }
        // {t_rcv} alone is always solvable and positive (B > 0 at every point), so best is never null
        return best;
    }

    private static double tieTolerance(double[] y) {
        double sum = 0;
        for (double v : y) {
            sum += v * v;
        }
        return TIE * sum;
    }

    private static double median(double[] sorted) {
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    /** Whole numbers without decimals (filters 45, r 1), others to four significant digits. */
    static String number(double v) {
        double whole = Math.rint(v);
        if (Math.abs(v - whole) <= 1e-9 * Math.max(1, Math.abs(v)) && Math.abs(v) < 1e15) {
            return Long.toString((long) whole);
        }
        return String.format(Locale.ROOT, "%.4g", v);
    }

    /** "r + 5", "2*r - 3", "0.5*r": the line n_fltr = slope * r + intercept. */
    private static String line(double slope, double intercept) {
        String rounded = number(slope);
        String term = "1".equals(rounded) ? "r" : rounded + "*r";
        if (Math.abs(intercept) < 1e-9 * Math.max(1, Math.abs(slope))) {
            return term;
        }
        return term + (intercept < 0 ? " - " : " + ") + number(Math.abs(intercept));
    }
}
