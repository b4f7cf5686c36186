"""Reads jmsbench report.json files: `point FILE` prints one run's figures, `interval FILE...`
the Student t 95% interval of the received and dispatched rates over the runs (one point each)."""
import json
import math
import statistics
import sys

T975 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
        2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086]


def point(path):
    report = json.load(open(path))
    p = report["points"][0]
    return p


def relative_interval(values):
    if len(values) < 2:
        return float("nan")
    mean = statistics.mean(values)
    t = T975[len(values) - 2] if len(values) - 1 <= len(T975) else 1.96
    return t * statistics.stdev(values) / math.sqrt(len(values)) / mean


def main():
    command, files = sys.argv[1], sys.argv[2:]
    if command == "point":
        p = point(files[0])
        rel = lambda f: f["ci95"] / f["rate"] if f.get("ci95") not in (None, "NaN") and f["rate"] else float("nan")
        w = p.get("windows") or {}
        print("%.0f %.4f %.0f %.4f %s %s %s" % (p["received"]["rate"], rel(p["received"]), p["dispatched"]["rate"],
                                            rel(p["dispatched"]), p.get("verdict", "?"), w.get("warmupEnd"),
                                            w.get("windowEnd")))
    elif command == "interval":
        received = [point(f)["received"]["rate"] for f in files]
        dispatched = [point(f)["dispatched"]["rate"] for f in files]
        print("%.0f %.4f %.0f %.4f" % (statistics.mean(received), relative_interval(received),
                                      statistics.mean(dispatched), relative_interval(dispatched)))
    else:
        sys.exit("usage: repeats.py point FILE | interval FILE...")


if __name__ == "__main__":
    main()
