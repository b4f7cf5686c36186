#!/usr/bin/env bash
# How small a fall does each gate rule catch on this machine, and how often does it cry wolf?
# The sensitivity study of issue 46: the pairwise rule (compare A B) against the history rule
# (compare --history: the new run against the distribution of the last comparable runs).
#
#   HISTORY=20 TRIALS=8 SIZES="3 5 10 15" scripts/bench-history.sh     # about 60 s per run
#   MAXREG=5% KEEP=1 scripts/bench-history.sh
#   WORK=DIR SIZES=15 scripts/bench-history.sh    # in DIR, kept; goes on from the runs already there
#
# 1. records HISTORY unchanged runs of scenarios/ci-smoke.yaml in WORK/history.db;
# 2. for each size x in SIZES (percent) and each of TRIALS trials:
#    - an unchanged run A. Before it joins the history (as CI's next run would), it is a false-alarm
#      trial for both rules: by the history, compare --history (the runs before it); pairwise,
#      compare PREV A, PREV being the unchanged run before it. So every unchanged run after the
#      history is a false-alarm trial, and no run is spent on false alarms alone;
#    - a run B with the publishers throttled to (1 - x) of the received rate of the last 5 unchanged
#      runs, the level a regression would fall from (--set publishers.rate=...), recorded apart (WORK/trials.db) so it never enters the history
#      (x = 0: B is one more unchanged run). B is judged pairwise, compare A B, and by the history,
#      compare --history WORK/history.db --history-lineage <the unchanged runs' fingerprint> B
#      (B's own fingerprint differs by its --set);
#    every judgement with --max-regression MAXREG (5% by default).
# 3. prints, per fall and rule, how many trials failed the gate (exit 4): the detection rate, or for
#    the unchanged runs the false-alarm rate; the inconclusive ones (exit 6: other work took the
#    host's cores, or a run could not tell); and the history's N.
#
# Needs a JDK 17+ and python3. Run it on a machine nothing else uses: the figures are its noise.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
HISTORY=${HISTORY:-20}
TRIALS=${TRIALS:-8}
SIZES=${SIZES:-"3 5 10 15"}
MAXREG=${MAXREG:-5%}
for n in "$HISTORY" "$TRIALS"; do
  [[ "$n" =~ ^[1-9][0-9]*$ ]] || { echo "HISTORY and TRIALS must be whole numbers >= 1, found '$n'" >&2; exit 2; }
done
if [ -z "${JMSBENCH_JAR:-}" ]; then
  echo "building (./mvnw -q -B -DskipTests package) ..." >&2
  ./mvnw -q -B -DskipTests package >&2
fi
jar="${JMSBENCH_JAR:-$root/bench-controller/target/jmsbench.jar}"
if [ -n "${WORK:-}" ]; then
  work="$WORK"; KEEP=1; mkdir -p "$work"
else
  work="$(mktemp -d)"
fi
trap '[ -n "${KEEP:-}" ] && echo "runs kept in $work (WORK=$work goes on from them)" >&2 || rm -rf "$work"' EXIT
history="$work/history.db"
unchanged="$work/unchanged.txt"   # every unchanged run's directory, oldest first
touch "$unchanged"

# run_one HISTORY_DB [--set ...]: one ci-smoke run recorded in HISTORY_DB; prints its directory
run_one() {
  local db=$1; shift
  local out
  out="$(mktemp -d "$work/run.XXXXXX")"
  timeout 300 java -jar "$jar" run scenarios/ci-smoke.yaml --out "$out" --history "$db" "$@" > "$out.log" 2>&1 \
    || { echo "a run failed; its output: $out.log" >&2; KEEP=1; exit 1; }
  dirname "$(ls "$out"/*/*/report.json)"
}

for i in $(seq "$(( $(wc -l < "$unchanged") + 1 ))" "$HISTORY"); do
  run_one "$history" >> "$unchanged"
  echo "history run $i of $HISTORY done" >&2
done
show="$(java -jar "$jar" history show ci-smoke --history "$history")"
lineage="$(sed -n 's/^ci-smoke: [0-9]* runs* of fingerprint \([0-9a-f]*\)$/\1/p' <<< "$show" | head -1)"
# level: the mean received rate of the last 5 unchanged runs, the level a regression would fall from
# (the machine's level moves over an hour; the mean of the whole history may lie below the current one)
level() {
  python3 - "$history" "$lineage" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
rows = db.execute("SELECT f.value FROM figures f JOIN runs r ON r.run_key = f.run_key "
                  "WHERE r.fingerprint = ? AND f.metric = 'received' ORDER BY r.started_at DESC LIMIT 5",
                  (sys.argv[2],)).fetchall()
print(round(sum(v for (v,) in rows) / len(rows)))
PY
}
echo "history: $(wc -l < "$unchanged") runs of fingerprint $lineage, received $(level) msgs/s over the last 5" >&2

results="$work/results.tsv"
# judge COMPARE_ARGS...: prints compare's exit code (0 no change, 4 regression, 6 inconclusive) and
# the history's N (- for a pairwise judgement); keeps every judgement's text in WORK/judgements.txt
judge() {
  local code=0
  java -jar "$jar" compare "$@" --max-regression "$MAXREG" > "$work/judge.txt" 2>&1 || code=$?
  { echo "== compare $*"; cat "$work/judge.txt"; } >> "$work/judgements.txt"
  local n
  n="$(sed -n 's/.*   N = \([0-9]*\) runs.*/\1/p' "$work/judge.txt" | head -1)"
  echo "$code ${n:--}"
}
for x in $SIZES; do
  for t in $(seq 1 "$TRIALS"); do
    prev="$(tail -1 "$unchanged")"
    a=$(run_one "$work/scratch.db")
    read -r pair_a _ <<< "$(judge "$prev" "$a")"
    read -r hist_a n_a <<< "$(judge --history "$history" --history-lineage "$lineage" "$a")"
    java -jar "$jar" history import --history "$history" "$a" > /dev/null
    echo "$a" >> "$unchanged"
    printf 'unchanged\t%s\t%s\t%s\t%s\n' "$x/$t" "$pair_a" "$hist_a" "$n_a" >> "$results"
    if [ "$x" = 0 ]; then
      b=$(run_one "$work/trials.db")
    else
      b=$(run_one "$work/trials.db" --set "publishers.rate=$(( $(level) * (100 - x) / 100 ))")
    fi
    read -r pair_b _ <<< "$(judge "$a" "$b")"
    read -r hist_b n_b <<< "$(judge --history "$history" --history-lineage "$lineage" "$b")"
    printf '%s\t%s\t%s\t%s\t%s\n' "$x" "$t" "$pair_b" "$hist_b" "$n_b" >> "$results"
    echo "fall $x% trial $t of $TRIALS: unchanged A pairwise $pair_a, history $hist_a (N $n_a);" \
         "B pairwise $pair_b, history $hist_b (N $n_b)" >&2
  done
done

python3 - "$results" "$MAXREG" <<'PY'
import sys
from collections import defaultdict
by = defaultdict(list)
for line in open(sys.argv[1]):
    size, trial, pairwise, history, n = line.rstrip("\n").split("\t")
    key = -1 if size in ("unchanged", "0") else int(size)
    by[key].append((int(pairwise), int(history), n))
print("fall       rule      failed the gate (exit 4)   inconclusive (6)   N (history)   --max-regression %s"
      % sys.argv[2])
for x in sorted(by):
    trials = by[x]
    for rule, k in (("pairwise", 0), ("history", 1)):
        fails = sum(1 for r in trials if r[k] == 4)
        inconclusive = sum(1 for r in trials if r[k] == 6)
        ns = sorted({r[2] for r in trials}, key=lambda v: (len(v), v)) if k == 1 else ["-"]
        label = "false alarms" if x < 0 else "detected"
        name = "unchanged" if x < 0 else "%d%%" % x
        print("%-9s  %-8s  %2d of %2d %-14s  %2d                 %s"
              % (name, rule, fails, len(trials), label, inconclusive, ",".join(ns)))
PY
