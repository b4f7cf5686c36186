"""Paired ratios for the bench scripts, and how sure a few noisy pairs let us be of them.

A pair is one measurement of each of two tools, back to back, each against a fresh broker. Its
ratio cancels slow drift of the machine; what is left is noise between runs, taken to be
log-normal: the summary is the geometric mean of the pairs' ratios with a Student-t 95%
interval on their logarithms, and a verdict against the target that says "unresolved" when the
interval straddles it (more pairs, or a quieter machine, would tell).

>>> summary([1.02], 0.97)
'1.02 (1 pair, no interval)'
>>> summary([0.95, 0.96, 0.94], 0.97)
'0.95 [0.93–0.98] unresolved at 0.97'
>>> summary([0.93, 0.94, 0.95, 0.94, 0.93], 0.97)
'0.94 [0.93–0.95] short of 0.97'
>>> summary([0.99, 1.01, 1.00, 0.98], 0.97)
'0.99 [0.975–1.02] meets 0.97'
>>> summary([0.83, 0.96, 0.95], 0.97)
'0.91 [0.74–1.11] unresolved at 0.97'
>>> summary([0.80, 1.00, 0.90], 1.3)
'0.90 [0.68–1.18] short of 1.3'
>>> summary([], 0.97)
'n/a'

A bound that rounds to the target is printed with a third decimal, so that "short of" never
sits next to an interval that seems to reach the target:

>>> bound(1.2961, 1.3)
'1.296'
>>> bound(1.2861, 1.3)
'1.29'
"""
import math
import statistics

# two-sided 95% quantiles of Student's t, by degrees of freedom
T95 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262,
       10: 2.228, 11: 2.201, 12: 2.179, 13: 2.160, 14: 2.145, 15: 2.131, 16: 2.120, 17: 2.110,
       18: 2.101, 19: 2.093, 20: 2.086, 25: 2.060, 30: 2.042}


def t95(df):
    """The quantile for df, or for the next smaller df in the table (a wider interval)."""
    return T95[max(d for d in T95 if d <= df)]


def interval(ratios):
    """(geometric mean, low, high) of positive ratios; low and high are None for one ratio."""
    logs = [math.log(r) for r in ratios]
    mean = statistics.fmean(logs)
    if len(logs) < 2:
        return math.exp(mean), None, None
    half = t95(len(logs) - 1) * statistics.stdev(logs) / math.sqrt(len(logs))
    return math.exp(mean), math.exp(mean - half), math.exp(mean + half)


def verdict(low, high, target):
    if low >= target:
        return f"meets {target:g}"
    if high < target:
        return f"short of {target:g}"
    return f"unresolved at {target:g}"


def bound(value, target):
    text = f"{value:.2f}"
    return f"{value:.3f}" if float(text) == round(target, 2) and value != target else text


def summary(ratios, target):
    ratios = [r for r in ratios if r and r > 0]
    if not ratios:
        return "n/a"
    mean, low, high = interval(ratios)
    if low is None:
        return f"{mean:.2f} (1 pair, no interval)"
    return f"{mean:.2f} [{bound(low, target)}–{bound(high, target)}] {verdict(low, high, target)}"


if __name__ == "__main__":
    import doctest
    failures, _ = doctest.testmod()
    raise SystemExit(1 if failures else 0)
