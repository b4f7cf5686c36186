package io.jmsbench.stats;

/** The 0.975 quantile of Student's t distribution, for two-sided 95% confidence intervals. */
public final class StudentT {

    /** t(0.975, df) for df = 1..30, from the standard tables. */
    private static final double[] TABLE = {
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
        2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
        2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042
    };

    private StudentT() {
    }

    public static double quantile975(int degreesOfFreedom) {
        if (degreesOfFreedom < 1) {
            throw new IllegalArgumentException("degrees of freedom must be >= 1, was " + degreesOfFreedom);
        }
        if (degreesOfFreedom <= TABLE.length) {
            return TABLE[degreesOfFreedom - 1];
        }
        // Cornish-Fisher expansion around the normal quantile; within 1e-3 of the table beyond df 30
        double z = 1.959964;
        double df = degreesOfFreedom;
        return z + (z * z * z + z) / (4 * df) + (5 * Math.pow(z, 5) + 16 * z * z * z + 3 * z) / (96 * df * df);
    }
}
