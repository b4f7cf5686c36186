#!/usr/bin/env bash
# How much does the harness cost? For the same broker, workload and window, jmsbench's publisher
# and subscriber agents against the plainest JMS loops (RawLoop in the test sources: one
# connection, session and producer or consumer per thread, the same connection-factory settings,
# no properties, no audit, no latency). Prints msgs/s of each, the ratio, and client CPU per
# message. Each measurement gets a fresh broker, so no backlog carries over.
#
#   scripts/bench-harness.sh            # WARMUP=20 MEASURE=30 seconds per measurement, ~10 min
#   WARMUP=5 MEASURE=10 scripts/bench-harness.sh
#   STAMPED=false ONLY='openwire topic' scripts/bench-harness.sh   # without the audit/latency properties
#
# Needs a JDK 17+ and python3 (to read the JSON). Broker and clients share this machine's cores:
# read the ratios, measured side by side in one run, not the absolute rates.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
WARMUP=${WARMUP:-20}
MEASURE=${MEASURE:-30}
STAMPED=${STAMPED:-true}
ONLY=${ONLY:-}
echo "building (./mvnw -q -B -DskipTests package) ..." >&2
./mvnw -q -B -DskipTests package >&2
jar="$root/bench-controller/target/jmsbench.jar"
cp="$jar:$root/bench-controller/target/test-classes"
work="$(mktemp -d)"
broker_pid=""
cleanup() { [ -n "$broker_pid" ] && kill "$broker_pid" 2>/dev/null; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
n=0

json() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))" "$@"; }

start_broker() { # persistent? -> sets url_openwire url_amqp
  n=$((n + 1))
  local extra=""
  [ "$1" = true ] && extra="--persistent"
  java -jar "$jar" broker --listen 127.0.0.1 --data-dir "$work/data-$n" --ready-file "$work/ready-$n" $extra \
    > "$work/broker-$n.log" 2>&1 &
  broker_pid=$!
  for _ in $(seq 1 600); do [ -f "$work/ready-$n" ] && break; sleep 0.1; done
  url_openwire=$(json "$work/ready-$n" "d['openwire']")
  url_amqp=$(json "$work/ready-$n" "d['amqp']")
}

stop_broker() { kill "$broker_pid" 2>/dev/null; wait "$broker_pid" 2>/dev/null || true; broker_pid=""; }

measure() { # provider type pubs subs persistent -> prints one table row
  local provider=$1 type=$2 pubs=$3 subs=$4 persistent=$5 url
  [[ "$provider $type ${pubs}x${subs}" =~ $ONLY ]] || return 0
  # jmsbench: its own agents against an external broker
  start_broker "$persistent"
  url=$url_openwire; [ "$provider" = amqp ] && url=$url_amqp
  cat > "$work/scenario.yaml" <<YAML
name: harness
broker: {url: "$url"}
provider: $provider
destination: {type: $type, name: harness.$n}
message: {type: bytes, size: 1024, stamped: $STAMPED}
publishers: {clients: $pubs, rate: max}
subscribers:
  - {clients: $subs}
delivery: {persistent: $persistent, ack: auto}
phases: {warmup: ${WARMUP}s, measure: ${MEASURE}s, drain: 30s}
YAML
  java -jar "$jar" run "$work/scenario.yaml" --out "$work/results-$n" > "$work/jmsbench-$n.log" 2>&1
  local report; report=$(ls "$work"/results-$n/harness/*/report.json)
  local jp js jpc jsc
  jp=$(json "$report" "d['points'][0]['received']['rate']")
  js=$(json "$report" "d['points'][0]['dispatched']['rate']")
  jpc=$(json "$report" "d['points'][0]['cpu']['publisherCores'] * 1e9 / d['points'][0]['received']['rate']")
  jsc=$(json "$report" "d['points'][0]['cpu']['subscriberCores'] * 1e9 / d['points'][0]['dispatched']['rate']")
  stop_broker
  # the raw loops: a receiver JVM, then a sender JVM, same window
  start_broker "$persistent"
  url=$url_openwire; [ "$provider" = amqp ] && url=$url_amqp
  java -cp "$cp" io.jmsbench.selftest.RawLoop receive "$provider" "$url" "$type" "harness.$n" "$subs" "$persistent" \
    "$WARMUP" "$MEASURE" > "$work/raw-receive-$n.json" 2> "$work/raw-receive-$n.log" &
  local receiver=$!
  for _ in $(seq 1 300); do grep -q ready "$work/raw-receive-$n.log" 2>/dev/null && break; sleep 0.1; done
  java -cp "$cp" io.jmsbench.selftest.RawLoop send "$provider" "$url" "$type" "harness.$n" "$pubs" "$persistent" \
    "$WARMUP" "$MEASURE" > "$work/raw-send-$n.json" 2> "$work/raw-send-$n.log"
  wait "$receiver" || true
  stop_broker
  local rp rs rpc rsc
  rp=$(json "$work/raw-send-$n.json" "d['rate']")
  rs=$(json "$work/raw-receive-$n.json" "d['rate']")
  rpc=$(json "$work/raw-send-$n.json" "d['cpuNanosPerMessage']")
  rsc=$(json "$work/raw-receive-$n.json" "d['cpuNanosPerMessage']")
  python3 - "$provider" "$type ${pubs}x${subs}$([ "$persistent" = true ] && echo ' persistent')" \
    "$jp" "$rp" "$jpc" "$rpc" "$js" "$rs" "$jsc" "$rsc" <<'PY'
import sys
p, w, jp, rp, jpc, rpc, js, rs, jsc, rsc = sys.argv[1], sys.argv[2], *map(float, sys.argv[3:])
print(f"| {p} | {w} | {jp:,.0f} | {rp:,.0f} | {jp/rp:.2f} | {jpc:,.0f} | {rpc:,.0f} "
      f"| {js:,.0f} | {rs:,.0f} | {js/rs:.2f} | {jsc:,.0f} | {rsc:,.0f} |")
PY
}

echo "jmsbench harness overhead: $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)), $(java -version 2>&1 | head -1)"
echo "warm-up ${WARMUP}s, window ${MEASURE}s per measurement; jmsbench messages stamped: $STAMPED; broker and clients share this machine"
echo
echo "| provider | workload | jmsbench send msgs/s | raw send msgs/s | ratio | jmsbench send CPU ns/msg | raw send CPU ns/msg | jmsbench receive msgs/s | raw receive msgs/s | ratio | jmsbench receive CPU ns/msg | raw receive CPU ns/msg |"
echo "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
measure openwire topic 1 1 false
measure openwire topic 4 4 false
measure amqp topic 1 1 false
measure amqp topic 4 4 false
measure openwire queue 1 1 true
