#!/usr/bin/env bash
# How much does the harness cost? For the same broker, workload and window, jmsbench's publisher
# and subscriber agents against the plainest JMS loops (RawLoop in the test sources: one
# connection, session and producer or consumer per thread, the same connection-factory settings,
# no properties, no audit, no latency). Prints msgs/s of each, the ratio, and client CPU per
# message. Each measurement gets a fresh broker, so no backlog carries over.
#
#   scripts/bench-harness.sh                  # WARMUP=20 MEASURE=30 seconds, REPEAT=1: ~20 min
#   REPEAT=3 scripts/bench-harness.sh         # each pair three times, alternating which goes first
#   WARMUP=5 MEASURE=10 scripts/bench-harness.sh
#   STAMPED=false ONLY='activemq openwire topic' scripts/bench-harness.sh   # without the audit/latency stamps
#   ONLY='artemis|rabbitmq' REPEAT=3 scripts/bench-harness.sh   # the other brokers' providers only
#   CLIENT_CORES=0.5 scripts/bench-harness.sh # as root: the clients of each side capped together at
#                                             # half a core, the broker and controller not: client-bound
#
# With REPEAT > 1 the table shows medians, and each ratio as the geometric mean of the pairs'
# ratios with a 95% interval (scripts/lib/ratios.py): on a shared machine one pair alone can be
# off by 0.15 either way, so a ratio is called short of or meeting its target only when the
# interval says so.
# ActiveMQ and Artemis are jmsbench's embedded brokers (jmsbench broker --kind), each in a JVM of
# its own; RabbitMQ is a node of Debian's rabbitmq-server (installed by .ci/run) started as the
# tests start it. Needs a JDK 17+ and python3. Broker and clients share this machine's cores: read the ratios,
# measured side by side in one run, not the absolute rates.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
WARMUP=${WARMUP:-20}
MEASURE=${MEASURE:-30}
REPEAT=${REPEAT:-1}
STAMPED=${STAMPED:-true}
ONLY=${ONLY:-}
KEEP=${KEEP:-}
for knob in WARMUP MEASURE REPEAT; do
  [[ "${!knob}" =~ ^[1-9][0-9]*$ ]] || { echo "$knob must be a whole number >= 1, found '${!knob}'" >&2; exit 2; }
done
[[ "$STAMPED" =~ ^(true|false)$ ]] || { echo "STAMPED must be true or false, found '$STAMPED'" >&2; exit 2; }
echo "building (./mvnw -q -B -DskipTests package) ..." >&2
./mvnw -q -B -DskipTests package >&2
jar="$root/bench-controller/target/jmsbench.jar"
cp="$jar:$root/bench-controller/target/test-classes"
source "$root/scripts/lib/bench-common.sh"
results="$work/measurements.jsonl"
limit=$((WARMUP + MEASURE + 300)) # seconds any one process may take

measure_jmsbench() { # WORKLOAD PROVIDER TYPE PUBS SUBS PERSISTENT -> appends one line to $results
  local workload=$1
  shift
  run_jmsbench harness "$@" "$limit"
  local rc=$run_rc dir=$run_dir
  python3 - "$workload" "$rc" "$dir" "$results" <<'PY'
import glob, json, sys
workload, rc, d, out = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
reports = glob.glob(f"{d}/results/harness/*/report.json")
row = {"workload": workload, "tool": "jmsbench"}
if rc != 0 or not reports:
    row["failed"] = f"jmsbench run exit {rc}, see {d}/run.log"
else:
    p = json.load(open(reports[0]))["points"][0]
    sent, recv = p["received"]["rate"], p["dispatched"]["rate"]
    row.update(sent=sent, received=recv,
               sentCpu=p["cpu"]["publisherCores"] * 1e9 / sent if sent else None,
               receivedCpu=p["cpu"]["subscriberCores"] * 1e9 / recv if recv else None,
               controllerCores=p["cpu"].get("controllerCores"))
with open(out, "a") as f:
    f.write(json.dumps(row) + "\n")
PY
  [ "$rc" = 0 ] || failed=1
}

run_raw() { # WORKLOAD PROVIDER TYPE PUBS SUBS PERSISTENT -> appends one line to $results
  local workload=$1 provider=$2 type=$3 pubs=$4 subs=$5 persistent=$6 url
  start_broker "$persistent" $((limit + 60))
  url=$(broker_url "$provider")
  local base="$work/raw-$brokers" receiver sender name="harness.$brokers"
  # RabbitMQ's AMQP 1.0 plugin takes /queue/NAME and /topic/NAME, as jmsbench addresses them there
  [ "$broker_kind/$provider" = rabbitmq/amqp ] && name="/$type/$name"
  # a receiver JVM, then, once it is subscribed, a sender JVM; once both are connected, one
  # window for both, WARMUP s after the sender started: they count over the same seconds
  spawn_client "$base-receive.log" "$limit" java -cp "$cp" io.jmsbench.selftest.RawLoop receive "$provider" "$url" \
    "$type" "$name" "$subs" "$persistent" "$base.window" "$MEASURE"
  receiver=$spawned
  wait_for "$base-receive.log" '^ready' 1 60 "$receiver" || true
  spawn_client "$base-send.log" "$limit" java -cp "$cp" io.jmsbench.selftest.RawLoop send "$provider" "$url" \
    "$type" "$name" "$pubs" "$persistent" "$base.window" "$MEASURE"
  sender=$spawned
  wait_for "$base-send.log" '^ready' 1 60 "$sender" || true
  echo "$(($(now_ms) + WARMUP * 1000));" > "$base.window.tmp" && mv "$base.window.tmp" "$base.window"
  reap "$sender"
  local send_rc=$reaped
  reap "$receiver"
  local receive_rc=$reaped
  stop_broker
  python3 - "$workload" "$send_rc" "$receive_rc" "$base" "$results" <<'PY'
import json, sys
workload, send_rc, receive_rc, base, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5]
def last_json(path):
    for line in reversed(open(path).read().splitlines()):
        if line.startswith("{"):
            return json.loads(line)
    return None
row = {"workload": workload, "tool": "raw"}
s, r = last_json(base + "-send.log"), last_json(base + "-receive.log")
if send_rc or receive_rc or not s or not r:
    row["failed"] = f"raw loops exit {send_rc}/{receive_rc}, see {base}-send.log and {base}-receive.log"
else:
    row.update(sent=s["rate"], received=r["rate"], sentCpu=s["cpuNanosPerMessage"], receivedCpu=r["cpuNanosPerMessage"])
with open(out, "a") as f:
    f.write(json.dumps(row) + "\n")
PY
  [ "$send_rc" = 0 ] && [ "$receive_rc" = 0 ] || failed=1
}

measure() { # KIND PROVIDER TYPE PUBS SUBS PERSISTENT: REPEAT pairs, alternating which of the two goes first
  broker_kind=$1
  shift
  local workload="$broker_kind $1 $2 ${3}x${4}"
  [ "$5" = true ] && workload+=" persistent"
  [[ "$workload" =~ $ONLY ]] || return 0
  local i
  for i in $(seq 1 "$REPEAT"); do
    echo "measuring $workload ($i/$REPEAT) ..." >&2
    if [ $((i % 2)) = 1 ]; then
      measure_jmsbench "$workload" "$@"
      run_raw "$workload" "$@"
    else
      run_raw "$workload" "$@"
      measure_jmsbench "$workload" "$@"
    fi
  done
}

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
touch "$results"
measure activemq openwire topic 1 1 false
measure activemq openwire topic 4 4 false
measure activemq amqp topic 1 1 false
measure activemq amqp topic 4 4 false
measure activemq openwire queue 1 1 true
measure artemis core topic 1 1 false
measure artemis amqp topic 1 1 false
measure artemis openwire topic 1 1 false
measure rabbitmq rabbitmq-jms topic 1 1 false
measure rabbitmq amqp queue 1 1 false

echo "jmsbench harness overhead: $(machine_facts)"
echo "warm-up ${WARMUP}s, window ${MEASURE}s per measurement, $REPEAT pair(s) per row, a fresh broker each;"
echo "jmsbench messages stamped: $STAMPED. How the clients ran: $(client_cap)."
echo "Load average (1, 5, 15 min) before the first measurement: $load_before; after the last: $(cut -d' ' -f1-3 /proc/loadavg) (a measurement's own broker and client JVMs keep it near 4)."
echo
python3 - "$results" "$root/scripts/lib" <<'PY'
import json, statistics, sys
sys.path.insert(0, sys.argv[2])
from ratios import summary
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
workloads = list(dict.fromkeys(r["workload"] for r in rows))
def fmt(x, digits=0):
    return "n/a" if x is None else f"{x:,.{digits}f}"
def median(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else None
print("| workload | jmsbench send msgs/s | raw send msgs/s | send ratio | jmsbench send CPU ns/msg | raw | "
      "jmsbench receive msgs/s | raw receive msgs/s | receive ratio | jmsbench receive CPU ns/msg | raw |")
print("|---|---:|---:|---|---:|---:|---:|---:|---|---:|---:|")
failures = []
for w in workloads:
    j = [r for r in rows if r["workload"] == w and r["tool"] == "jmsbench"]
    raw = [r for r in rows if r["workload"] == w and r["tool"] == "raw"]
    failures += [r["failed"] for r in j + raw if "failed" in r]
    pairs = [(a, b) for a, b in zip(j, raw) if "failed" not in a and "failed" not in b]
    ratios = lambda key: summary([a[key] / b[key] for a, b in pairs if a[key] and b[key]], 0.97)
    med = lambda side, key: median([r.get(key) for r in side if "failed" not in r])
    print(f"| {w} | {fmt(med(j, 'sent'))} | {fmt(med(raw, 'sent'))} | {ratios('sent')} "
          f"| {fmt(med(j, 'sentCpu'))} | {fmt(med(raw, 'sentCpu'))} "
          f"| {fmt(med(j, 'received'))} | {fmt(med(raw, 'received'))} | {ratios('received')} "
          f"| {fmt(med(j, 'receivedCpu'))} | {fmt(med(raw, 'receivedCpu'))} |")
print()
print("msgs/s and CPU are medians over the pairs. A ratio is jmsbench / raw: the geometric mean of the pairs' ratios")
print("with its 95% interval (Student t on their logarithms), against the target 0.97: \"unresolved\" when the interval")
print("holds it, and then only more pairs can tell. CPU ns/msg is the client JVMs' CPU time per message they sent or")
controller = median([r.get("controllerCores") for r in rows if r["tool"] == "jmsbench" and "failed" not in r])
print(f"received; jmsbench's does not count its controller, whose JVM used a median of {fmt(controller, 3)} cores over")
print("the windows (the raw loops have none).")
for f in failures:
    print(f"- failed: {f}")
PY
