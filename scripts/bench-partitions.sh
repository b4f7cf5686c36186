#!/usr/bin/env bash
# Shared host against CPU partitions, side by side in one session: each scenario run once as the
# kernel schedules it (cpus: shared) and once on partitions (cpus: auto: on 2 CPUs the broker on
# CPU 0, the clients and the controller on CPU 1), alternately, ROUNDS times. Prints per run the
# received rate with its 95% interval, the window the auto measure needed to reach ±5% (or its
# bound), and the verdict with its codes. Broker and clients share this machine: the figures are
# this machine's, at the time.
#
#   scripts/bench-partitions.sh                 # quickstart, selectors, a persistent queue: ~12 min
#   ROUNDS=2 FIG8=1 scripts/bench-partitions.sh # twice, and quick fig. 8 each way: ~45 min
#
# Needs a JDK 17+, python3 and util-linux's taskset.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
ROUNDS=${ROUNDS:-1}
[[ "$ROUNDS" =~ ^[1-9][0-9]*$ ]] || { echo "ROUNDS must be a whole number >= 1, found '$ROUNDS'" >&2; exit 2; }
echo "building (./mvnw -q -B -DskipTests package) ..." >&2
./mvnw -q -B -DskipTests package >&2
jar="$root/bench-controller/target/jmsbench.jar"
work="$(mktemp -d)"
trap '[ -n "${KEEP:-}" ] && echo "runs kept in $work" >&2 || rm -rf "$work"' EXIT

# label | scenario | overrides (each point: warm-up until steady, then until ±5% or 60 s)
cases=(
  "quickstart|scenarios/quickstart.yaml|"
  "selectors|scenarios/selectors.yaml|"
  "persistent queue|scenarios/quickstart.yaml|--set destination.type=queue --set broker.persistent=true --set delivery.persistent=true --set subscribers[0].clients=1"
)
[ -n "${FIG8:-}" ] && cases+=("quick fig. 8|scenarios/paper/quick-fig8.yaml|")
common="--set phases.maxWarmup=45s --set phases.measure=auto --set phases.precision=5% --set phases.maxMeasure=60s"

n=0
for round in $(seq 1 "$ROUNDS"); do
  for c in "${cases[@]}"; do
    IFS='|' read -r label scenario overrides <<< "$c"
    for mode in shared auto; do
      n=$((n + 1))
      out="$work/$n"
      extra=$common
      [[ "$scenario" == *quick-fig8* ]] && extra="" # its own phases and claims
      # shellcheck disable=SC2086 # the overrides are words
      timeout 3600 java -jar "$jar" run "$scenario" --out "$out" --set "cpus=$mode" $extra $overrides \
        > "$out.log" 2>&1 || true
      report=$(ls "$out"/*/*/report.json 2>/dev/null | head -1)
      [ -n "$report" ] || { echo "run $n ($label, $mode) wrote no report; its output: $out.log" >&2; KEEP=1; exit 1; }
      echo "$round|$label|$mode|$report" >> "$work/runs"
      echo "run $n done: $label, cpus: $mode" >&2
    done
  done
done

python3 - "$work/runs" <<'PY'
import json, sys
print("round  scenario           cpus     point                     received msgs/s (95%)      window  verdict      codes")
for line in open(sys.argv[1]):
    rnd, label, mode, path = line.rstrip("\n").split("|")
    report = json.load(open(path))
    for p in report["points"]:
        r = p["received"]
        hw = r.get("ci95")
        rel = "±%4.1f%%" % (100 * hw / r["rate"]) if hw is not None and r["rate"] else "  n/a "
        w = p.get("windows") or {}
        end = w.get("windowEnd") or "?"
        codes = [f["code"] for f in p["findings"] if f["severity"] != "NOTE"] or ["-"]
        params = ",".join("%s=%s" % (k.replace("subscribers", "s").replace(".clients", ""), v)
                          for k, v in (p.get("parameters") or {}).items()) or "-"
        print("%5s  %-18s %-8s %-25s %9.0f ± %7.0f %s  %5.0fs %-9s  %-12s %s" % (
            rnd, label, mode, params[:25], r["rate"], hw or 0, rel, r["seconds"], "(" + end + ")", p["verdict"],
            " ".join(codes)))
    for m in report.get("models") or ([report["model"]] if report.get("model") else []):
        print("       model %s: %s" % (mode, json.dumps(m)[:400]))
PY
