#!/usr/bin/env bash
# How many low-rate publishers does one agent JVM hold when they share connections
# (publishers.connections) and a few scheduler threads send for all of them? For each provider
# (OpenWire on the embedded ActiveMQ, core on the embedded Artemis, AMQP 1.0 on the embedded
# ActiveMQ) and each client count, a fresh publisher agent JVM, started with the flags a run gives
# it, prepares COUNTS clients at RATE msgs/s each (one message every 10 s by default), PER_CONNECTION
# clients per shared connection, on up to 1,000 topics, and sends for SECONDS_ (ManyClientsCheck in
# the test sources). The table gives clients ready per second, heap (after a full GC) and threads
# per 1,000 clients above the idle agent's, the send-schedule lag (due time to the start of the
# send) and the size of one per-second counters body against the final one, per client.
# Target: 10,000 clients in one agent JVM under 2 GiB of heap with a lag p99 under 100 ms.
# PER_CONNECTION=0 measures the thread, connection and session per client of a scenario without
# connections instead, for comparison (it records no lag).
#
#   scripts/bench-many-clients.sh                                   # about 6 minutes
#   COUNTS="1000 5000" SECONDS_=20 PROVIDERS="openwire" scripts/bench-many-clients.sh
#   AGENT_FLAGS=-XX:StartFlightRecording=filename=/tmp/agent.jfr scripts/bench-many-clients.sh
#
# Needs a JDK 17+ (with jcmd, for the heap after a full GC) and python3. The broker, the agent and
# this driver share the machine's cores: on a small machine the lag is theirs as much as the
# scheduler's, and the table says how loaded the machine was.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
COUNTS=${COUNTS:-"1000 5000 10000"}
SECONDS_=${SECONDS_:-30}
RATE=${RATE:-0.1}
PER_CONNECTION=${PER_CONNECTION:-100}
PROVIDERS=${PROVIDERS:-"openwire core amqp"}
for n in $COUNTS; do
  [[ "$n" =~ ^[1-9][0-9]*$ ]] || { echo "COUNTS must be whole numbers above 0, found '$n'" >&2; exit 2; }
done
[[ "$SECONDS_" =~ ^[1-9][0-9]*$ ]] || { echo "SECONDS_ must be a whole number of seconds above 0, found '$SECONDS_'" >&2; exit 2; }
[[ "$PER_CONNECTION" =~ ^[0-9]+$ ]] || { echo "PER_CONNECTION must be a whole number (0: a connection and a thread per client), found '$PER_CONNECTION'" >&2; exit 2; }
python3 -c "import sys; sys.exit(not float(sys.argv[1]) > 0)" "$RATE" 2>/dev/null \
  || { echo "RATE must be a number of msgs/s per client above 0, found '$RATE'" >&2; exit 2; }
echo "building (./mvnw -q -B -DskipTests package) ..." >&2
./mvnw -q -B ${MVN_OFFLINE:+-o} -DskipTests package >&2
jar="$root/bench-controller/target/jmsbench.jar"
cp="$jar:$root/bench-controller/target/test-classes"
source "$root/scripts/lib/bench-common.sh"

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
: > "$work/rows.jsonl"
for provider in $PROVIDERS; do
  case $provider in
    openwire|amqp) kind=activemq ;;
    core) kind=artemis ;;
    *) echo "PROVIDERS takes openwire, core and amqp, found '$provider'" >&2; exit 2 ;;
  esac
  mkdir -p "$work/$provider"
  # one broker per provider, one agent JVM per count; each step bounded: 10,000 clients connect in a minute or fail
  # shellcheck disable=SC2086
  spawn "$work/$provider/check.log" $((600 + 120 * $(wc -w <<< "$COUNTS"))) \
    java -Dorg.slf4j.simpleLogger.defaultLogLevel=warn -Dmany.agentFlags="${AGENT_FLAGS:-}" -cp "$cp" \
    io.jmsbench.selftest.ManyClientsCheck "$kind" "$provider" "$work/$provider" "$SECONDS_" "$RATE" \
    "$PER_CONNECTION" $COUNTS
  check=$spawned
  reap "$check"
  if [ "$reaped" != 0 ]; then
    failed=1
    echo "the $provider check failed (exit $reaped); see $work/$provider/check.log" >&2
  fi
  grep '^{' "$work/$provider/check.log" >> "$work/rows.jsonl" || true
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

echo "jmsbench many clients: $(machine_facts), $(free -g | awk '/^Mem:/{print $2}') GiB; ulimit -n $(ulimit -n)"
echo "load average before/after: $load_before / $load_after; $(client_cap) (broker, agent and driver)"
echo "each client: $RATE msgs/s (one message every $(python3 -c "print(f'{1/float(\"$RATE\"):g}')" ) s), 256 B non-persistent to up to 1,000 topics without subscribers; $([ "$PER_CONNECTION" = 0 ] && echo "a connection and a thread per client" || echo "$PER_CONNECTION clients per shared connection"); ${SECONDS_} s of sending"
echo
python3 - "$work/rows.jsonl" "$SECONDS_" "$RATE" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
seconds, rate = int(sys.argv[2]), float(sys.argv[3])
MiB = 1 << 20
print("| provider (broker) | clients | connections | ready | clients ready/s | heap after GC (per 1,000) | threads (per 1,000) | sent / due | lag p50 / p99 / max | per-second counters body, summed / per client | agent JVM flags |")
print("|---|---|---|---|---|---|---|---|---|---|---|")
met = []
for r in rows:
    n = r["clients"]
    name = f"{r['provider']} ({r['kind']})"
    if "error" in r or r.get("ready", 0) < n:
        why = r.get("error") or f"{r.get('ready', 0)} of {n} ready; {r.get('firstFailure', '')}"
        print(f"| {name} | {n:,} | {r.get('connections') or 'one per client'} | **failed**: {why} | | | | | | | |")
        met.append((name, n, False))
        continue
    k = n / 1000
    heap = r["heapUsedAfterGcBytes"]
    idle = r["idleHeapAfterGcBytes"]
    heap_cell = (f"{heap / MiB:.0f} MiB ({(heap - idle) / MiB / k:.0f} MiB)" if heap >= 0 and idle >= 0
                 else f"{r['heapUsedBytes'] / MiB:.0f} MiB before GC (jcmd missing)")
    threads = f"{r['threads']} ({(r['threads'] - r['idleThreads']) / k:.1f})"
    due = n * rate * r["sendingSeconds"]  # from start to stop, which comes a little after SECONDS_
    lag = (f"{r['lagP50Millis']:.1f} / {r['lagP99Millis']:.1f} / {r['lagMaxMillis']:.0f} ms" if r["lagCount"] >= 0
           else "not recorded (a thread per client)")
    body = f"{r['sampleBytes']:,} B / {r['finalBytes']:,} B"
    print(f"| {name} | {n:,} | {r['connections'] or 'one per client'} | {r['readySeconds']:.1f} s | {n / r['readySeconds']:,.0f} | "
          f"{heap_cell} | {threads} | {r['sent']:,} / {due:,.0f} | {lag} | {body} | {' '.join(r['agentJvmFlags'][:2])} |")
    met.append((name, n, heap < (2 << 30) and 0 <= r["lagCount"] and r["lagP99Millis"] < 100 and r["sendErrors"] == 0))
print()
for name, n, ok in met:
    if n >= 10000:
        print(f"target (10,000 clients, heap < 2 GiB, lag p99 < 100 ms) on {name}: {'met' if ok else '**not met**'}")
PY
echo
echo "(broker, publisher agent and this driver share $(nproc) cores; lag is from a message's due time to the start of its send)"
