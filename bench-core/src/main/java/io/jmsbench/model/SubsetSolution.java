package io.jmsbench.model;

import java.util.Arrays;

/**
 * One subset's unconstrained least-squares solution of the cost model's columns (1, n_fltr, r):
 * coefficients for all three columns (0 outside {@code cols}), the residual sum of squares, the
 * smallest diagonal of the QR (how well the design separates the columns) and (X_S^T X_S)^-1 in
 * the units of x.
 */
record SubsetSolution(double[] coef, double rss, int[] cols, double minDiagonal, double[][] unitCovariance) {

    /**
     * A unit-norm column whose part outside the span of the columns before it is shorter than this does not
     * identify its coefficient. Swept designs give ~0.5 (the paper's grid), rounding gives ~1e-16; a measured
     * replication grade that wobbles by 1e-5 around a constant is not a sweep.
     */
    static final double RANK_TOLERANCE = 1e-4;

    boolean uses(int column) {
        for (int c : cols) {
            if (c == column) {
                return true;
            }
        }
        return false;
    }

    boolean nonNegative() {
        return coef[0] >= 0 && coef[1] >= 0 && coef[2] >= 0;
    }

    /** B predicted for one row of x. */
    double at(double[] row) {
        return dot(coef, row);
    }

    /**
     * Unconstrained least squares of y on the columns {@code cols} of x, by Householder QR on unit-norm
     * columns; null when the columns do not identify their coefficients (fewer rows than columns, or a
     * column (nearly) in the span of the ones before it).
     */
    static SubsetSolution of(double[][] x, double[] y, int[] cols) {
        int m = y.length;
        int k = cols.length;
        if (m < k) {
            return null;
        }
        double[][] a = new double[k][m]; // column-major: a[j] is column j
        double[] scale = new double[k];
        for (int j = 0; j < k; j++) {
            for (int i = 0; i < m; i++) {
                a[j][i] = x[i][cols[j]];
            }
            scale[j] = norm(a[j], 0);
            if (scale[j] == 0) {
                return null;
            }
            for (int i = 0; i < m; i++) {
                a[j][i] /= scale[j];
            }
        }
        double[] b = y.clone();
        double minDiagonal = Double.POSITIVE_INFINITY;
        double[] v = new double[m];
        for (int j = 0; j < k; j++) {
            // the length of column j below row j is its part outside the span of the columns before it
            double length = norm(a[j], j);
            if (length < RANK_TOLERANCE) {
                return null;
            }
            minDiagonal = Math.min(minDiagonal, length);
            double alpha = a[j][j] > 0 ? -length : length; // opposite sign: no cancellation in v[j]
            Arrays.fill(v, 0);
            System.arraycopy(a[j], j, v, j, m - j);
            v[j] -= alpha;
            double vv = 0;
            for (int i = j; i < m; i++) {
                vv += v[i] * v[i];
            }
            for (int l = j; l < k; l++) {
                reflect(a[l], v, vv, j);
            }
            reflect(b, v, vv, j);
        }
        double[] z = new double[k];
        for (int j = k - 1; j >= 0; j--) {
            double s = b[j];
            for (int l = j + 1; l < k; l++) {
                s -= a[l][j] * z[l];
            }
            z[j] = s / a[j][j];
        }
        double[] coef = new double[3];
        for (int j = 0; j < k; j++) {
            coef[cols[j]] = z[j] / scale[j];
        }
        double rss = 0;
        for (int i = 0; i < m; i++) {
            double e = y[i] - dot(coef, x[i]);
            rss += e * e;
        }
        return new SubsetSolution(coef, rss, cols, minDiagonal, unitCovariance(a, scale, cols));
    }

    /**
     * (X_S^T X_S)^-1 in the units of x, from the R of the scaled columns (R[j][l] = a[l][j], l >= j):
     * the scaled inverse is R^-1 R^-T, and column j was divided by scale[j]. 0 outside {@code cols}.
     */
    private static double[][] unitCovariance(double[][] a, double[] scale, int[] cols) {
        int k = cols.length;
        double[][] rInv = new double[k][k]; // upper triangular, by back substitution on R rInv = I
        for (int j = k - 1; j >= 0; j--) {
            rInv[j][j] = 1 / a[j][j];
            for (int l = j + 1; l < k; l++) {
                double s = 0;
                for (int p = j + 1; p <= l; p++) {
                    s += a[p][j] * rInv[p][l];
                }
                rInv[j][l] = -s / a[j][j];
            }
        }
        double[][] out = new double[3][3];
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < k; j++) {
                double s = 0;
                for (int l = Math.max(i, j); l < k; l++) {
                    s += rInv[i][l] * rInv[j][l];
                }
                out[cols[i]][cols[j]] = s / (scale[i] * scale[j]);
            }
        }
        return out;
    }

    /** c := (I - 2 v v^T / v^T v) c, on rows from {@code from} on. */
    private static void reflect(double[] c, double[] v, double vv, int from) {
        double d = 0;
        for (int i = from; i < c.length; i++) {
            d += v[i] * c[i];
        }
        double f = 2 * d / vv;
        for (int i = from; i < c.length; i++) {
            c[i] -= f * v[i];
        }
    }

    private static double norm(double[] c, int from) {
        double s = 0;
        for (int i = from; i < c.length; i++) {
            s += c[i] * c[i];
        }
        return Math.sqrt(s);
    }

    private static double dot(double[] coef, double[] row) {
        return coef[0] * row[0] + coef[1] * row[1] + coef[2] * row[2];
    }
}
