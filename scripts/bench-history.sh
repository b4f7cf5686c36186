#!/usr/bin/env bash
# How small a fall does each gate rule catch on this machine, and how often does it cry wolf?
# The sensitivity study of issue 46: the pairwise rule (compare A B) against the history rule
# (compare --history: the new run against the distribution of the last comparable runs).
#
#   HISTORY=20 TRIALS=10 SIZES="0 3 5 10 15" scripts/bench-history.sh     # about 35 s per run
#   MAXREG=5% KEEP=1 scripts/bench-history.sh
#
# 1. records HISTORY unchanged runs of scenarios/ci-smoke.yaml in WORK/history.db;
# 2. for each size x in SIZES (percent) and each of TRIALS trials: an unchanged run A, recorded in
#    the history (it grows as CI's would), then a run B: unchanged for x = 0 (the false-alarm
#    trials), else with the publishers throttled to (1 - x) of the history's mean received rate
#    (--set publishers.rate=...), recorded apart (WORK/trials.db) so it never enters the history;
# 3. judges B both ways, with --max-regression MAXREG (5% by default): pairwise, compare A B; by the
#    history, compare --history WORK/history.db --history-lineage <the unchanged runs' fingerprint> B
#    (B's own fingerprint differs by its --set). Then prints, per size and rule, how many trials failed
#    the gate (exit 4): the detection rate, or for x = 0 the false-alarm rate; and the inconclusive ones
#    (exit 6: other work took the host's cores), and the history's N.
#
# Needs a JDK 17+ and python3. Run it on a machine nothing else uses: the figures are its noise.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
HISTORY=${HISTORY:-20}
TRIALS=${TRIALS:-10}
SIZES=${SIZES:-"0 3 5 10 15"}
MAXREG=${MAXREG:-5%}
for n in "$HISTORY" "$TRIALS"; do
  [[ "$n" =~ ^[1-9][0-9]*$ ]] || { echo "HISTORY and TRIALS must be whole numbers >= 1, found '$n'" >&2; exit 2; }
done
if [ -z "${JMSBENCH_JAR:-}" ]; then
  echo "building (./mvnw -q -B -DskipTests package) ..." >&2
  ./mvnw -q -B -DskipTests package >&2
fi
jar="${JMSBENCH_JAR:-$root/bench-controller/target/jmsbench.jar}"
work="$(mktemp -d)"
trap '[ -n "${KEEP:-}" ] && echo "runs kept in $work" >&2 || rm -rf "$work"' EXIT
history="$work/history.db"

# run_one HISTORY_DB [--set ...]: one ci-smoke run recorded in HISTORY_DB; prints its directory
run_one() {
  local db=$1; shift
  local out
  out="$(mktemp -d "$work/run.XXXXXX")"
  timeout 300 java -jar "$jar" run scenarios/ci-smoke.yaml --out "$out" --history "$db" "$@" > "$out.log" 2>&1 \
    || { echo "a run failed; its output: $out.log" >&2; KEEP=1; exit 1; }
  dirname "$(ls "$out"/*/*/report.json)"
}

for i in $(seq 1 "$HISTORY"); do
  run_one "$history" > /dev/null
  echo "history run $i of $HISTORY done" >&2
done
show="$(java -jar "$jar" history show ci-smoke --history "$history")"
lineage="$(sed -n 's/^ci-smoke: [0-9]* runs* of fingerprint \([0-9a-f]*\)$/\1/p' <<< "$show" | head -1)"
mean="$(python3 - "$history" "$lineage" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
rows = db.execute("SELECT f.value FROM figures f JOIN runs r ON r.run_key = f.run_key "
                  "WHERE r.fingerprint = ? AND f.metric = 'received'", (sys.argv[2],)).fetchall()
print(round(sum(v for (v,) in rows) / len(rows)))
PY
)"
echo "history: $HISTORY runs of fingerprint $lineage, mean received $mean msgs/s" >&2

results="$work/results.tsv"
for x in $SIZES; do
  for t in $(seq 1 "$TRIALS"); do
    a=$(run_one "$history")
    if [ "$x" = 0 ]; then
      b=$(run_one "$work/trials.db")
    else
      b=$(run_one "$work/trials.db" --set "publishers.rate=$(( mean * (100 - x) / 100 ))")
    fi
    pairwise=0
    java -jar "$jar" compare "$a" "$b" --max-regression "$MAXREG" > "$work/pair-$x-$t.txt" 2>&1 || pairwise=$?
    byhistory=0
    java -jar "$jar" compare --history "$history" --history-lineage "$lineage" "$b" --max-regression "$MAXREG" \
      > "$work/history-$x-$t.txt" 2>&1 || byhistory=$?
    n="$(sed -n 's/.*   N = \([0-9]*\) runs.*/\1/p' "$work/history-$x-$t.txt" | head -1)"
    printf '%s\t%s\t%s\t%s\t%s\n' "$x" "$t" "$pairwise" "$byhistory" "${n:-?}" >> "$results"
    echo "size $x% trial $t of $TRIALS: pairwise exit $pairwise, history exit $byhistory (N ${n:-?})" >&2
  done
done

python3 - "$results" "$MAXREG" <<'PY'
import sys
from collections import defaultdict
rows = [line.rstrip("\n").split("\t") for line in open(sys.argv[1])]
by = defaultdict(list)
for x, t, pairwise, history, n in rows:
    by[int(x)].append((int(pairwise), int(history), n))
print("fall  rule      failed the gate (exit 4)   inconclusive (6)   N (history)   --max-regression %s" % sys.argv[2])
for x in sorted(by):
    trials = by[x]
    for rule, k in (("pairwise", 0), ("history", 1)):
        fails = sum(1 for r in trials if r[k] == 4)
        inconclusive = sum(1 for r in trials if r[k] == 6)
        ns = sorted({r[2] for r in trials}) if k == 1 else ["-"]
        label = "false alarms" if x == 0 else "detected"
        print("%3d%%  %-8s  %2d of %2d %-14s  %2d                 %s" % (x, rule, fails, len(trials), label,
                                                                       inconclusive, ",".join(ns)))
PY
