#!/usr/bin/env bash
# The CI smoke benchmark with its regression gate: the steps docs/ci/bench-smoke.yml runs on GitHub,
# runnable anywhere (CompareIT runs this script in the project's own tests).
#
#   scripts/ci-smoke.sh --baseline DIR [--history FILE|URL] [--out DIR] [--scenario FILE] [--save-baseline]
#                       [--max-regression 5%] [--set KEY=VALUE ...]
#
# 1. runs the scenario (scenarios/ci-smoke.yaml unless --scenario) into a fresh --out directory;
# 2. with a baseline of that scenario in --baseline DIR: compares the run with it and writes
#    compare.md (a pull request comment), compare.xml (JUnit) and the github-action-benchmark
#    files beside the run; without one: says so and keeps this run as the baseline;
# 3. --save-baseline keeps this run as the baseline once the gate has passed (the main branch's job).
#
# With --history (a SQLite file, or a jdbc:postgresql:// URL with its password in
# JMSBENCH_HISTORY_PASSWORD), the run is recorded in that history of runs, and the gate is
# compare --history: the run against the distribution of the last comparable runs there; while the
# history is short (under 5 such runs) the pairwise rule decides, against the baseline when there is
# one (docs/history.md). It writes compare.md only (text and Markdown are what the history gate writes).
#
# Exit code: the run's (3 when it failed), else compare's: 0 passed, 4 regression, 6 inconclusive (a
# fall measured beside other work on the host: run again), 2 runs not comparable.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
jmsbench="${JMSBENCH:-$root/jmsbench}"
scenario="$root/scenarios/ci-smoke.yaml"
out="ci-results"
baseline=""
history=""
save=""
gate=()
sets=()

usage() {
  echo "usage: scripts/ci-smoke.sh --baseline DIR [--history FILE|URL] [--out DIR] [--scenario FILE] [--save-baseline] [--max-regression P] [--max-latency-regression P] [--require-valid] [--set KEY=VALUE ...]" >&2
  exit 2
}
while [ $# -gt 0 ]; do
  case "$1" in
    --baseline) baseline="${2:?--baseline needs a directory}"; shift 2 ;;
    --history) history="${2:?--history needs a file or a jdbc:postgresql:// URL}"; shift 2 ;;
    --out) out="${2:?--out needs a directory}"; shift 2 ;;
    --scenario) scenario="${2:?--scenario needs a file}"; shift 2 ;;
    --save-baseline) save=1; shift ;;
    --max-regression|--max-latency-regression) gate+=("$1" "${2:?$1 needs a value}"); shift 2 ;;
    --require-valid) gate+=("$1"); shift ;;
    --set) sets+=("--set" "${2:?--set needs KEY=VALUE}"); shift 2 ;;
    *) echo "ci-smoke: unknown argument '$1'" >&2; usage ;;
  esac
done
[ -n "$baseline" ] || { echo "ci-smoke: --baseline DIR is required (an empty directory the first time)" >&2; usage; }
if [ -e "$out" ] && [ -n "$(ls -A "$out" 2>/dev/null)" ]; then
  echo "ci-smoke: --out $out is not empty; each run gets a fresh directory, so a stale result is never taken for this one" >&2
  exit 2
fi
mkdir -p "$out" "$baseline"

recorded=()
[ -n "$history" ] && recorded=(--history "$history")
status=0
"$jmsbench" run "$scenario" --out "$out" ${recorded[@]+"${recorded[@]}"} ${sets[@]+"${sets[@]}"} || status=$?
run_dir=""
for report in "$out"/*/*/report.json; do
  [ -f "$report" ] && run_dir="$(dirname "$report")"
done
if [ "$status" != 0 ] || [ -z "$run_dir" ]; then
  echo "ci-smoke: the run failed (exit $status); nothing to compare" >&2
  exit $(( status == 0 ? 3 : status ))
fi
name="$(basename "$(dirname "$run_dir")")"

if [ -n "$history" ]; then
  against=()
  [ -f "$baseline/$name/report.json" ] && against=(--baseline "$baseline")
  status=0
  "$jmsbench" compare --history "$history" ${against[@]+"${against[@]}"} "$run_dir" ${gate[@]+"${gate[@]}"} \
    --output markdown="$run_dir/compare.md" || status=$?
  if [ "$status" = 0 ] && { [ -n "$save" ] || [ ! -f "$baseline/$name/report.json" ]; }; then
    "$jmsbench" baseline save "$run_dir" --dir "$baseline"
  fi
  exit "$status"
fi

if [ ! -f "$baseline/$name/report.json" ]; then
  echo "ci-smoke: no baseline for $name in $baseline yet: this run becomes it, and the gate has nothing to compare"
  "$jmsbench" baseline save "$run_dir" --dir "$baseline"
  printf '### jmsbench compare: %s\n\nNo baseline yet: this run is now the baseline.\n' "$name" > "$run_dir/compare.md"
  exit 0
fi

status=0
"$jmsbench" compare --baseline "$baseline" "$run_dir" ${gate[@]+"${gate[@]}"} \
  --output markdown="$run_dir/compare.md" --output junit="$run_dir/compare.xml" \
  --output github-benchmark="$run_dir/github-benchmark-rates.json" \
  --output github-benchmark-latency="$run_dir/github-benchmark-latency.json" || status=$?
if [ "$status" = 0 ] && [ -n "$save" ]; then
  "$jmsbench" baseline save "$run_dir" --dir "$baseline"
fi
exit "$status"
