#!/usr/bin/env bash
# How often does the CI gate call an unchanged broker slower? Runs PAIRS pairs of
# scenarios/ci-smoke.yaml back to back (nothing changed between the two runs of a pair), compares
# each pair with `jmsbench compare`, and prints per pair the received and dispatched change with
# both intervals, then how many pairs each threshold would fail (a fall beyond the threshold and
# with the 95% intervals apart, as the gate decides): the gate's false-alarm rate on this machine.
#
#   scripts/bench-gate.sh              # PAIRS=10: about 12 minutes
#   PAIRS=3 scripts/bench-gate.sh
#   CPUS=auto scripts/bench-gate.sh    # every run on CPU partitions (cpus: auto)
#
# It also prints the smallest fall each pair could show as a regression: a fall is called when
# the two 95% intervals are apart, so it must be larger than both half-widths together.
#
# Needs a JDK 17+ and python3. Broker and clients share this machine's cores: the figures are this
# machine's noise at the time, which is what a gate here has to live with.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
PAIRS=${PAIRS:-10}
[[ "$PAIRS" =~ ^[1-9][0-9]*$ ]] || { echo "PAIRS must be a whole number >= 1, found '$PAIRS'" >&2; exit 2; }
echo "building (./mvnw -q -B -DskipTests package) ..." >&2
./mvnw -q -B -DskipTests package >&2
jar="$root/bench-controller/target/jmsbench.jar"
work="$(mktemp -d)"
trap '[ -n "${KEEP:-}" ] && echo "runs kept in $work" >&2 || rm -rf "$work"' EXIT

run_one() {
  timeout 300 java -jar "$jar" run scenarios/ci-smoke.yaml --out "$1" --set "cpus=${CPUS:-shared}" > "$1.log" 2>&1 \
    || { echo "a run failed; its output: $1.log" >&2; KEEP=1; exit 1; }
  dirname "$(ls "$1"/*/*/report.json)"
}

for i in $(seq 1 "$PAIRS"); do
  a=$(run_one "$work/a$i")
  b=$(run_one "$work/b$i")
  timeout 60 java -jar "$jar" compare "$a" "$b" --format json > "$work/pair$i.json" || true
  echo "pair $i of $PAIRS done" >&2
done

python3 - "$work" "$PAIRS" <<'PY'
import json, sys
work, pairs = sys.argv[1], int(sys.argv[2])
thresholds = [0.05, 0.10, 0.15, 0.20, 0.25]
fails = {t: 0 for t in thresholds}
inconclusive = {t: 0 for t in thresholds}
print("pair  received base -> new (change, apart?)            dispatched base -> new (change, apart?)")
for i in range(1, pairs + 1):
    c = json.load(open(f"{work}/pair{i}.json"))
    point = c["points"][0]
    changes = {ch["metric"]: ch for ch in point["changes"]}
    disturbed = point["base"]["disturbances"] + point["next"]["disturbances"]
    cells = []
    worst = {t: False for t in thresholds}
    for m in ("RECEIVED", "DISPATCHED", "OVERALL"):
        ch = changes[m]
        apart = ch["grounds"] == "INTERVALS_APART"
        rel = ch["relativeChange"]
        for t in thresholds:
            if apart and rel < -t:
                worst[t] = True
        if m == "OVERALL":
            continue
        cells.append("%7.0f ± %5.0f -> %7.0f ± %5.0f (%+5.1f%%, %s)" % (ch["base"]["value"], ch["base"]["halfWidth"],
                     ch["next"]["value"], ch["next"]["halfWidth"], 100 * rel, "apart" if apart else "overlap"))
    print("%4d  %s   %s%s" % (i, cells[0], cells[1], "   other work on the host: " + ",".join(disturbed)
                               if disturbed else ""))
    for t in thresholds:
        if disturbed:
            inconclusive[t] += worst[t]
        else:
            fails[t] += worst[t]
print()
for metric in ("RECEIVED", "DISPATCHED"):
    detectable = []
    for i in range(1, pairs + 1):
        c = json.load(open(f"{work}/pair{i}.json"))
        ch = {x["metric"]: x for x in c["points"][0]["changes"]}[metric]
        if ch["base"]["halfWidth"] is not None and ch["next"]["halfWidth"] is not None and ch["base"]["value"]:
            detectable.append((ch["base"]["halfWidth"] + ch["next"]["halfWidth"]) / ch["base"]["value"])
    detectable.sort()
    if detectable:
        print("smallest fall of the %s rate a pair could call (its two half-widths together): median %.1f%%, "
              "worst %.1f%% over %d pairs" % (metric.lower(), 100 * detectable[len(detectable) // 2],
                                               100 * detectable[-1], len(detectable)))
print()
print("false alarms over %d unchanged pairs (a rate slower, intervals apart and beyond the threshold; a pair"
      " with other work on the host is inconclusive, not a regression, as compare says):" % pairs)
for t in thresholds:
    print("  --max-regression %2.0f%%: %d of %d false alarms, %d inconclusive" % (100 * t, fails[t], pairs,
                                                                             inconclusive[t]))
PY
