#!/usr/bin/env bash
# How much does the harness cost? jmsbench's publisher and subscriber agents against the plainest
# JMS loops (RawLoop in the test sources: one connection, session and producer or consumer per
# thread, the same connection-factory settings, no properties, no audit, no latency), on the same
# workload, each measurement against a fresh broker, jmsbench and the raw loops going first in turn.
#
# MODE=fixed (the default): the client JVMs' CPU time per message at the SAME FIXED RATE, well
# under saturation, where neither tool's speed changes the broker's work. Per workload: one quick
# saturated pair (QUICK_WARMUP=5 QUICK_MEASURE=10 s; its rates are the second table), then pairs at
# RATE msgs/s (default: half the slower tool's quick saturated receive rate) until both the send
# and the receive CPU ratio's 95% interval is narrower than +-TOLERANCE (default 0.03) after at least
# MIN_PAIRS (3), or PAIRS (8) pairs. Each measurement is a broker start plus WARMUP (10) + MEASURE
# (15) s, about 40 s; a workload takes 5 to 12 minutes, the six of them 30 to 70 minutes.
# Where `perf stat` has hardware counters, instructions per message too (it says when it has not).
# Every fixed-rate window also reads each client JVM's CPU per thread (/proc/PID/task, into *.threads
# in the work directory): the table gives the JIT compilers' share per tool and the ratio without it
# (a fresh JVM still compiles 10 s in; that is start-up work, not a cost per message), and the threads
# say where a difference sits (they found Qpid JMS's connection executor in jmsbench's subscriber).
#
#   scripts/bench-harness.sh                              # the fixed-rate table and the saturated one
#   ONLY='artemis core' scripts/bench-harness.sh          # one workload (a regular expression)
#   RATE=10000 PAIRS=12 TOLERANCE=0.02 ONLY=openwire scripts/bench-harness.sh
#   KEEP=1 ONLY='artemis amqp' scripts/bench-harness.sh   # the work directory kept: logs, reports, *.threads
#   PROFILE=1 ONLY='artemis core' PAIRS=1 scripts/bench-harness.sh   # JFR recordings of all four client
#                                             # JVMs over each window (jcmd JFR.start), kept with the logs;
#                                             # python3 scripts/lib/jfr_summary.py FILE.jfr [MESSAGES] sums one up
#   RATE=2000 QUICK=0 PAIRS=1 MIN_PAIRS=1 PROFILE=1 ONLY='artemis amqp' scripts/bench-harness.sh
#                                             # one profiled pair at a rate of your own, no saturated pair first
#   python3 scripts/lib/harness_tables.py fixed A/measurements.jsonl B/measurements.jsonl
#                                             # KEEP=1 runs at the same RATE as one table: more pairs a row
#
# MODE=saturated: the previous instrument, each tool as fast as it goes (rate ratios against the
# target 0.97), over ten workloads (WARMUP=20 MEASURE=30 by default, REPEAT=1: ~20 min):
#   MODE=saturated REPEAT=3 scripts/bench-harness.sh
#   MODE=saturated STAMPED=false ONLY='activemq openwire topic' scripts/bench-harness.sh
#   MODE=saturated CLIENT_CORES=0.5 scripts/bench-harness.sh  # as root: the clients of each side capped
#                                             # together at half a core, the broker and controller not
#
# Saturated, two shares of 2 cores trade places from one second to the next and a pair moves by
# +-15%; at a fixed rate the work per message is the same for both tools, and a pair's CPU ratio
# moves by a few percent. ActiveMQ and Artemis are jmsbench's embedded brokers (jmsbench broker
# --kind), each in a JVM of its own; RabbitMQ is a node of Debian's rabbitmq-server (installed by
# .ci/run) started as the tests start it. Needs a JDK 17+ and python3. Broker and clients share
# this machine's cores: read the ratios, measured side by side in one run, not the absolute figures.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
MODE=${MODE:-fixed}
[[ "$MODE" =~ ^(fixed|saturated)$ ]] || { echo "MODE must be fixed or saturated, found '$MODE'" >&2; exit 2; }
if [ "$MODE" = fixed ]; then WARMUP=${WARMUP:-10} MEASURE=${MEASURE:-15}; else WARMUP=${WARMUP:-20} MEASURE=${MEASURE:-30}; fi
REPEAT=${REPEAT:-1}
QUICK_WARMUP=${QUICK_WARMUP:-5}
QUICK_MEASURE=${QUICK_MEASURE:-10}
RATE=${RATE:-}
PAIRS=${PAIRS:-8}
MIN_PAIRS=${MIN_PAIRS:-3}
TOLERANCE=${TOLERANCE:-0.03}
PROFILE=${PROFILE:-}
QUICK=${QUICK:-1}
STAMPED=${STAMPED:-true}
ONLY=${ONLY:-}
KEEP=${KEEP:-}
[ -n "$PROFILE" ] && KEEP=1
for knob in WARMUP MEASURE REPEAT QUICK_WARMUP QUICK_MEASURE PAIRS MIN_PAIRS; do
  [[ "${!knob}" =~ ^[1-9][0-9]*$ ]] || { echo "$knob must be a whole number >= 1, found '${!knob}'" >&2; exit 2; }
done
[ -z "$RATE" ] || [[ "$RATE" =~ ^[1-9][0-9]*$ ]] || { echo "RATE must be msgs/s, a whole number >= 1, found '$RATE'" >&2; exit 2; }
[[ "$TOLERANCE" =~ ^0?\.[0-9]+$ ]] || { echo "TOLERANCE must be a fraction such as 0.03, found '$TOLERANCE'" >&2; exit 2; }
[[ "$STAMPED" =~ ^(true|false)$ ]] || { echo "STAMPED must be true or false, found '$STAMPED'" >&2; exit 2; }
[[ "$QUICK" =~ ^[01]$ ]] || { echo "QUICK must be 1 (a quick saturated pair first) or 0, found '$QUICK'" >&2; exit 2; }
[ "$QUICK" = 1 ] || [ -n "$RATE" ] || { echo "QUICK=0 needs RATE: the fixed rate is otherwise half the quick pair's" >&2; exit 2; }
echo "building (./mvnw -q -B -DskipTests package) ..." >&2
./mvnw -q -B -DskipTests package >&2
jar="$root/bench-controller/target/jmsbench.jar"
cp="$jar:$root/bench-controller/target/test-classes"
source "$root/scripts/lib/bench-common.sh"
results="$work/measurements.jsonl"
tables="python3 $root/scripts/lib/harness_tables.py"
phase=saturated # of the measurements being taken: saturated or fixed (at $target msgs/s)
target=""

# instructions per message: only where perf stat reads the hardware counters (many VMs have none)
counters=""
if [ "$MODE" = fixed ]; then
  if ! command -v perf > /dev/null && [ "$(id -u)" = 0 ] && command -v apt-get > /dev/null; then
    echo "installing linux-perf for the instruction counts ..." >&2
    apt-get install -y -q linux-perf > /dev/null 2>&1 || echo "could not install linux-perf" >&2
  fi
  if command -v perf > /dev/null; then
    probe=$(perf stat -x, -e instructions true 2>&1 || true)
    if [[ "$probe" =~ ^[0-9]+,,instructions ]]; then counters=yes
    else counters_why="perf stat -e instructions says: $(echo "$probe" | grep instructions | head -1)"; fi
  else
    counters_why="no perf (apt-get install linux-perf)"
  fi
fi

record_threads() { # OUT PID: each of PID's threads' CPU time over the next MEASURE - 2 s (/proc/PID/task) into
  # OUT, busiest first; in the fixed mode always (the JIT compilers' share is taken out of the figures per message)
  local secs=$((MEASURE > 3 ? MEASURE - 2 : 1)) before
  before=$(thread_ticks "$2")
  sleep "$secs"
  python3 - "$before" "$(thread_ticks "$2")" "$secs" "$(getconf CLK_TCK)" > "$1" <<'PY'
import sys
def parse(text):
    return {name: int(ticks) for name, ticks in (line.rsplit(" ", 1) for line in text.splitlines() if line)}
before, after, secs, hz = parse(sys.argv[1]), parse(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
used = {n: (after[n] - before.get(n, 0)) / hz / secs for n in after}
print(f"cores per thread over {secs:g} s (user + system, /proc/PID/task), busiest first:")
for n, c in sorted(used.items(), key=lambda kv: -kv[1]):
    if c > 0:
        print(f"{c:8.4f}  {n}")
PY
}

jit_cores() { # THREADS-FILE -> the cores its JIT compiler threads used (C1 and C2; /proc cuts names at 15 characters)
  [ -s "$1" ] && awk '/^ *[0-9.]+  C[12] CompilerThre/ { s += $1 } END { printf "%.6f", s }' "$1" || true
}

record_jfr() { # OUT PID: a JFR recording of PID over the next MEASURE - 2 s into OUT, when PROFILE is set
  [ -n "$PROFILE" ] || return 0
  local secs=$((MEASURE > 3 ? MEASURE - 2 : 1))
  jcmd "$2" JFR.start settings=profile duration=${secs}s filename="$1" > /dev/null 2>&1 \
    || echo "could not start JFR in $2 (for $1)" >&2
}

thread_ticks() { # PID -> a line per thread: its name and id, and its user + system clock ticks
  local t
  for t in /proc/"$1"/task/*; do
    awk -v id="${t##*/}" '{ sub(/^[0-9]+ \(/, ""); name = substr($0, 1, index($0, ") ") - 1); sub(/^.*\) /, "");
      printf "%s/%s %d\n", name, id, $12 + $13 }' "$t/stat" 2>/dev/null
  done
}

count_instructions() { # OUT PID... -> instructions of the PIDs' processes and threads over MEASURE s into OUT
  local out=$1
  shift
  [ -n "$counters" ] || return 0
  perf stat -x, -e instructions -p "$(IFS=,; echo "$*")" -o "$out" -- sleep "$MEASURE" > /dev/null 2>&1 &
}

instructions_in() { # FILE -> the count perf wrote, or nothing
  [ -s "$1" ] && grep ',instructions' "$1" | head -1 | cut -d, -f1 | grep -E '^[0-9]+$' || true
}

java_of() { # PID of spawn's timeout -> the JVM it runs
  pgrep -P "$1" -n 2>/dev/null || echo "$1"
}

load_now() { cut -d' ' -f1 /proc/loadavg; }

measure_jmsbench() { # WORKLOAD PROVIDER TYPE PUBS SUBS PERSISTENT -> appends one line to $results
  local workload=$1 load
  shift
  load=$(load_now)
  jmsbench_rate=${target:-max}
  local watcher=""
  if [ "$phase" = fixed ] || [ -n "$counters$PROFILE" ]; then
    brokers=$((brokers + 1)) watch_agents "$work/instructions-jmsbench-$((brokers + 1))" &
    watcher=$!
  fi
  run_jmsbench harness "$@" $((WARMUP + MEASURE + 300))
  [ -z "$watcher" ] || wait "$watcher" || true
  local rc=$run_rc dir=$run_dir
  python3 - "$workload" "$rc" "$dir" "$results" "$phase" "$target" "$load" \
    "$(instructions_in "$work/instructions-jmsbench-$brokers.publisher")" \
    "$(instructions_in "$work/instructions-jmsbench-$brokers.subscriber")" \
    "$(jit_cores "$work/instructions-jmsbench-$brokers-publisher.threads")" \
    "$(jit_cores "$work/instructions-jmsbench-$brokers-subscriber.threads")" <<'PY'
import glob, json, sys
workload, rc, d, out, phase, target, load, pi, si, pj, sj = sys.argv[1:]
reports = glob.glob(f"{d}/results/harness/*/report.json")
row = {"workload": workload, "tool": "jmsbench", "phase": phase, "target": float(target) if target else None, "load": float(load)}
if int(rc) != 0 or not reports:
    row["failed"] = f"jmsbench run exit {rc}, see {d}/run.log"
else:
    p = json.load(open(reports[0]))["points"][0]
    sent, recv, measured = p["received"]["rate"], p["dispatched"]["rate"], p["received"].get("seconds")
    row.update(sent=sent, received=recv,
               sentCpu=p["cpu"]["publisherCores"] * 1e9 / sent if sent else None,
               receivedCpu=p["cpu"]["subscriberCores"] * 1e9 / recv if recv else None,
               controllerCores=p["cpu"].get("controllerCores"))
    if pi and si and measured:
        row.update(sentInstructions=int(pi) / (sent * measured), receivedInstructions=int(si) / (recv * measured))
    if pj and sj and sent and recv:
        row.update(sentJit=float(pj) * 1e9 / sent, receivedJit=float(sj) * 1e9 / recv)
with open(out, "a") as f:
    f.write(json.dumps(row) + "\n")
PY
  [ "$rc" = 0 ] || failed=1
}

watch_agents() { # PREFIX: once the run's agent JVMs are up and WARMUP s have passed, their threads' CPU over the
  # window, and their instructions and JFR recordings as the knobs ask
  # the run's agents are told a ready file in the run's directory: no other process names it
  local deadline=$(($(now_ms) + (WARMUP + MEASURE + 300) * 1000)) p role
  while [ "$(now_ms)" -lt "$deadline" ]; do
    for role in publisher subscriber; do
      p=$(pgrep -n -f -- "--role $role --ready-file $work/jmsbench-$brokers/" 2>/dev/null || true)
      [ -n "$p" ] && eval "pid_$role=$p"
    done
    [ -n "${pid_publisher:-}" ] && [ -n "${pid_subscriber:-}" ] && break
    sleep 0.2
  done
  if [ -z "${pid_publisher:-}" ] || [ -z "${pid_subscriber:-}" ]; then
    echo "found no agent JVMs of the jmsbench run to count or record" >&2
    return 0
  fi
  sleep "$WARMUP"
  count_instructions "$1.publisher" "$pid_publisher"
  count_instructions "$1.subscriber" "$pid_subscriber"
  record_jfr "$1-publisher.jfr" "$pid_publisher"
  record_jfr "$1-subscriber.jfr" "$pid_subscriber"
  record_threads "$1-publisher.threads" "$pid_publisher" &
  record_threads "$1-subscriber.threads" "$pid_subscriber" &
  wait
}

run_raw() { # WORKLOAD PROVIDER TYPE PUBS SUBS PERSISTENT -> appends one line to $results
  local workload=$1 provider=$2 type=$3 pubs=$4 subs=$5 persistent=$6 url load limit=$((WARMUP + MEASURE + 300))
  load=$(load_now)
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
    "$type" "$name" "$pubs" "$persistent" "$base.window" "$MEASURE" ${target:+"$target"}
  sender=$spawned
  wait_for "$base-send.log" '^ready' 1 60 "$sender" || true
  echo "$(($(now_ms) + WARMUP * 1000));" > "$base.window.tmp" && mv "$base.window.tmp" "$base.window"
  local watcher=""
  if [ "$phase" = fixed ] || [ -n "$counters$PROFILE" ]; then
    (sleep "$WARMUP"; s=$(java_of "$sender") r=$(java_of "$receiver")
     count_instructions "$base-send.instructions" "$s"; count_instructions "$base-receive.instructions" "$r"
     record_jfr "$base-send.jfr" "$s"; record_jfr "$base-receive.jfr" "$r"
     record_threads "$base-send.threads" "$s" & record_threads "$base-receive.threads" "$r" & wait) &
    watcher=$!
  fi
  reap "$sender"
  local send_rc=$reaped
  reap "$receiver"
  local receive_rc=$reaped
  [ -z "$watcher" ] || wait "$watcher" || true
  stop_broker
  python3 - "$workload" "$send_rc" "$receive_rc" "$base" "$results" "$phase" "$target" "$load" "$MEASURE" \
    "$(instructions_in "$base-send.instructions")" "$(instructions_in "$base-receive.instructions")" \
    "$(jit_cores "$base-send.threads")" "$(jit_cores "$base-receive.threads")" <<'PY'
import json, sys
workload, send_rc, receive_rc, base, out, phase, target, load, measure, si, ri, sj, rj = sys.argv[1:]
def last_json(path):
    for line in reversed(open(path).read().splitlines()):
        if line.startswith("{"):
            return json.loads(line)
    return None
row = {"workload": workload, "tool": "raw", "phase": phase, "target": float(target) if target else None, "load": float(load)}
s, r = last_json(base + "-send.log"), last_json(base + "-receive.log")
if int(send_rc) or int(receive_rc) or not s or not r:
    row["failed"] = f"raw loops exit {send_rc}/{receive_rc}, see {base}-send.log and {base}-receive.log"
else:
    row.update(sent=s["rate"], received=r["rate"], sentCpu=s["cpuNanosPerMessage"], receivedCpu=r["cpuNanosPerMessage"])
    if si and ri and s["rate"] and r["rate"]:
        row.update(sentInstructions=int(si) / (s["rate"] * int(measure)), receivedInstructions=int(ri) / (r["rate"] * int(measure)))
    if sj and rj and s["rate"] and r["rate"]:
        row.update(sentJit=float(sj) * 1e9 / s["rate"], receivedJit=float(rj) * 1e9 / r["rate"])
with open(out, "a") as f:
    f.write(json.dumps(row) + "\n")
PY
  [ "$send_rc" = 0 ] && [ "$receive_rc" = 0 ] || failed=1
}

pair() { # I WORKLOAD PROVIDER TYPE PUBS SUBS PERSISTENT: one of each, jmsbench first when I is odd
  local i=$1 workload=$2
  shift 2
  if [ $((i % 2)) = 1 ]; then
    measure_jmsbench "$workload" "$@"
    run_raw "$workload" "$@"
  else
    run_raw "$workload" "$@"
    measure_jmsbench "$workload" "$@"
  fi
}

name_of() { # KIND PROVIDER TYPE PUBS SUBS PERSISTENT -> the workload's name
  local workload="$1 $2 $3 ${4}x${5}"
  [ "$6" = true ] && workload+=" persistent"
  echo "$workload"
}

measure() { # KIND PROVIDER TYPE PUBS SUBS PERSISTENT: REPEAT saturated pairs
  broker_kind=$1
  local workload i
  workload=$(name_of "$@")
  shift
  [[ "$workload" =~ $ONLY ]] || return 0
  for i in $(seq 1 "$REPEAT"); do
    echo "measuring $workload saturated ($i/$REPEAT) ..." >&2
    pair "$i" "$workload" "$@"
  done
}

measure_fixed() { # KIND PROVIDER TYPE PUBS SUBS PERSISTENT: a quick saturated pair, then pairs at a fixed rate
  broker_kind=$1
  local workload i warmup=$WARMUP window=$MEASURE
  workload=$(name_of "$@")
  shift
  [[ "$workload" =~ $ONLY ]] || return 0
  if [ "$QUICK" = 1 ]; then
    echo "measuring $workload saturated, quickly (${QUICK_WARMUP}s + ${QUICK_MEASURE}s) ..." >&2
    phase=saturated target="" WARMUP=$QUICK_WARMUP MEASURE=$QUICK_MEASURE
    pair 1 "$workload" "$@"
  fi
  WARMUP=$warmup MEASURE=$window phase=fixed
  target=${RATE:-$($tables rate "$results" "$workload" || true)}
  if [ -z "$target" ]; then
    echo "no saturated rate for $workload (both runs failed?); no fixed-rate pairs" >&2
    return 0
  fi
  for i in $(seq 1 "$PAIRS"); do
    echo "measuring $workload at $target msgs/s ($i, at most $PAIRS; load $(load_now)) ..." >&2
    pair "$i" "$workload" "$@"
    $tables converged "$results" "$workload" "$TOLERANCE" "$MIN_PAIRS" && break
  done
  target=""
}

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
started=$(now_ms)
touch "$results"
if [ "$MODE" = fixed ]; then
  measure_fixed activemq openwire topic 1 1 false
  measure_fixed activemq amqp topic 1 1 false
  measure_fixed artemis core topic 1 1 false
  measure_fixed artemis amqp topic 1 1 false
  measure_fixed artemis openwire topic 1 1 false
  measure_fixed rabbitmq rabbitmq-jms topic 1 1 false
else
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
fi

echo "jmsbench harness overhead: $(machine_facts)"
echo "jmsbench messages stamped: $STAMPED. How the clients ran: $(client_cap). Took $((($(now_ms) - started) / 60000)) min."
echo "Load average (1, 5, 15 min) before the first measurement: $load_before; after the last: $(cut -d' ' -f1-3 /proc/loadavg) (a measurement's own broker and client JVMs keep it near 2 to 4)."
echo
if [ "$MODE" = fixed ]; then
  echo "## CPU per message at a fixed rate"
  echo
  rate_from="RATE=$RATE"
  [ -z "$RATE" ] && rate_from="half the slower tool's quick saturated receive rate"
  echo "Each tool at the same rate ($rate_from), warm-up ${WARMUP}s, window ${MEASURE}s, a fresh broker each;"
  echo "pairs until both ratios' 95% intervals were within ±$TOLERANCE (at least $MIN_PAIRS, at most $PAIRS pairs)."
  if [ -n "$counters" ]; then echo "Instructions: perf stat -e instructions on each client JVM over the window."
  else echo "Instructions per message: not measured, no hardware counters here ($counters_why)."; fi
  echo
  $tables fixed "$results"
  echo
  echo "## Saturated rates (one quick pair a workload: warm-up ${QUICK_WARMUP}s, window ${QUICK_MEASURE}s)"
  echo
else
  echo "warm-up ${WARMUP}s, window ${MEASURE}s per measurement, $REPEAT pair(s) per row, a fresh broker each."
  echo
fi
$tables saturated "$results"
[ -n "$PROFILE" ] && echo && echo "JFR recordings of the windows (jcmd JFR.start, settings=profile): $work/*.jfr"
true
