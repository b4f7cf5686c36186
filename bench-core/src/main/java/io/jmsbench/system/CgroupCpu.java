package io.jmsbench.system;

import java.util.Arrays;

/**
 * CPU time per CPU, in nanoseconds, as cgroup v1's cpuacct counts it at one instant: of the run's
 * group ({@code run}: the controller and every process it started, exited ones included) and of
 * the hierarchy's root ({@code all}: every task of the host). Two readings give, per partition,
 * the run's time and everyone else's, including processes that started and ended between them,
 * which /proc no longer shows. {@link #NONE} where no group was joined ({@link RunCgroup}).
 */
public record CgroupCpu(long[] run, long[] all) {

    public static final CgroupCpu NONE = new CgroupCpu(null, null);

    public boolean known() {
        return run != null && all != null;
    }

    /**
     * {@code [run's cores, every task's cores]} on the CPUs of {@code partition} since {@code
     * earlier}, over {@code seconds}; NaN where either reading is unknown.
     */
    public double[] coresSince(CgroupCpu earlier, CpuList partition, double seconds) {
        if (!known() || earlier == null || !earlier.known() || seconds <= 0) {
            return new double[] {Double.NaN, Double.NaN};
        }
        long run = 0;
        long all = 0;
        for (int cpu : partition.numbers()) {
            if (cpu >= this.all.length || cpu >= earlier.all.length || cpu >= this.run.length
                    || cpu >= earlier.run.length) {
                return new double[] {Double.NaN, Double.NaN};
            }
            run += Math.max(0, this.run[cpu] - earlier.run[cpu]);
            all += Math.max(0, this.all[cpu] - earlier.all[cpu]);
        }
        return new double[] {run / 1e9 / seconds, all / 1e9 / seconds};
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CgroupCpu c && Arrays.equals(run, c.run) && Arrays.equals(all, c.all);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(run) + Arrays.hashCode(all);
    }

    @Override
    public String toString() {
        return "CgroupCpu[run=" + Arrays.toString(run) + ", all=" + Arrays.toString(all) + "]";
    }
}
