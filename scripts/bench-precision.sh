#!/usr/bin/env bash
# How long does a rate known to ±5% (95%) take? For the quickstart workload and the same over
# AMQP, side by side in one run:
#   fixed: 20 s warm-up + 30 s window, repeated (a fresh broker and agents each time) until the
#          Student t interval over the repeats is within PRECISION for the received and the
#          dispatched rate (at least 2 repeats, at most MAX_REPEATS);
#   auto:  one run with warmup: auto and measure: auto, precision PRECISION (maxMeasure 5m).
# Prints the wall time each took (every JVM start, warm-up and drain included), their ratio
# (auto / fixed; target <= 0.5), and the precision each reached.
#
#   scripts/bench-precision.sh                    # PRECISION=5 MAX_REPEATS=10: 10 to 40 min
#   ONLY=quickstart PRECISION=10 scripts/bench-precision.sh
#
# Needs a JDK 17+ and python3. Broker and clients share this machine's cores, and each side's
# noise is the machine's at the time it ran: read the ratio, not the rates.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
PRECISION=${PRECISION:-5}
MAX_REPEATS=${MAX_REPEATS:-10}
ONLY=${ONLY:-}
for knob in PRECISION MAX_REPEATS; do
  [[ "${!knob}" =~ ^[1-9][0-9]*$ ]] || { echo "$knob must be a whole number >= 1, found '${!knob}'" >&2; exit 2; }
done
echo "building (./mvnw -q -B -DskipTests package) ..." >&2
./mvnw -q -B -DskipTests package >&2
jar="$root/bench-controller/target/jmsbench.jar"
work="$(mktemp -d)"
trap '[ -n "${KEEP:-}" ] && echo "reports kept in $work" >&2 || rm -rf "$work"' EXIT
stats() { python3 "$root/scripts/lib/repeats.py" "$@"; }

# runs one jmsbench run; prints its wall seconds, then the report's path on the next line
run_one() {
  local out="$1"; shift
  local start end
  start=$(date +%s.%N)
  timeout 1200 java -jar "$jar" run "$@" --out "$out" > "$out.log" 2>&1 \
    || { echo "a run failed; its output: $out.log" >&2; KEEP=1; exit 1; }
  end=$(date +%s.%N)
  python3 -c "print(round($end - $start, 1))"
  find "$out" -name report.json | head -1
}

printf '%-11s %-6s %5s %9s %14s %14s %s\n' workload way runs wall_s received dispatched "reached (received, dispatched)"
for workload in quickstart amqp; do
  [ -n "$ONLY" ] && [ "$ONLY" != "$workload" ] && continue
  scenario="scenarios/$workload.yaml"
  # auto
  mapfile -t r < <(run_one "$work/$workload-auto" "$scenario" --set phases.warmup=auto --set phases.measure=auto \
    --set "phases.precision=$PRECISION%" --set phases.maxMeasure=5m)
  read -r rec recp dis disp verdict wend mend <<< "$(stats point "${r[1]}")"
  auto_wall=${r[0]}
  printf '%-11s %-6s %5d %9.0f %14s %14s ±%.1f%%, ±%.1f%% (%s; warm-up %s, window %s)\n' "$workload" auto 1 "$auto_wall" \
    "$rec" "$dis" "$(python3 -c "print(100*$recp)")" "$(python3 -c "print(100*$disp)")" "$verdict" "$wend" "$mend"
  # fixed, repeated
  wall=0
  reports=()
  for k in $(seq 1 "$MAX_REPEATS"); do
    mapfile -t r < <(run_one "$work/$workload-fixed-$k" "$scenario" --set phases.warmup=20s --set phases.measure=30s)
    wall=$(python3 -c "print($wall + ${r[0]})")
    reports+=("${r[1]}")
    [ "$k" -lt 2 ] && continue
    read -r rec recp dis disp <<< "$(stats interval "${reports[@]}")"
    python3 -c "import sys; sys.exit(0 if max($recp, $disp) <= $PRECISION / 100 else 1)" && break
  done
  printf '%-11s %-6s %5d %9.0f %14s %14s ±%.1f%%, ±%.1f%% (over the repeats)\n' "$workload" fixed "${#reports[@]}" "$wall" \
    "$rec" "$dis" "$(python3 -c "print(100*$recp)")" "$(python3 -c "print(100*$disp)")"
  python3 -c "print('%-11s ratio  auto / fixed wall time: %.2f (target <= 0.5)' % ('$workload', $auto_wall / $wall))"
done
