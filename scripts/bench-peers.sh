#!/usr/bin/env bash
# How does jmsbench compare with the tools users would otherwise reach for? For each workload,
# jmsbench and each peer that can do it run against their own fresh embedded broker (the one
# `jmsbench broker` serves: ActiveMQ 6.3.1, 64 MB memory limit), with the same warm-up and
# window, 1 KiB messages and saturated producers. Prints one markdown table.
#
# The peers, fetched by Maven from Central through scripts/peers/pom.xml (never by hand):
# - the ActiveMQ perf plugin (activemq-perf-maven-plugin 5.11.4): OpenWire only; its producer
#   and consumer goals run as two Maven JVMs; the producer's sampler drops the warm-up as its
#   ramp-up, and the consumer's seconds that cover the producer's window are taken from the
#   per-second samples in its JmsConsumer_*.xml report;
# - `artemis perf client` (Apache Artemis 2.40.0 binary distribution): speaks CORE and AMQP,
#   not OpenWire, so it only runs the AMQP workloads; its summary includes the warm-up, so the
#   window is averaged from its per-second samples (--json) after the warm-up.
#
#   scripts/bench-peers.sh                       # WARMUP=20 MEASURE=30 seconds, ~12 min
#   WARMUP=5 MEASURE=10 scripts/bench-peers.sh   # a quick look
#   ONLY='openwire topic' scripts/bench-peers.sh # workloads matching this regex only
#   REPEAT=3 scripts/bench-peers.sh              # each pair three times, alternating which goes first
#   CLIENT_CORES=0.5 scripts/bench-peers.sh      # as root: every tool's clients capped together at
#                                                # half a core, the broker not (client-bound, as on a
#                                                # testbed with a slow client machine)
#
# With REPEAT > 1 the table shows medians, and each ratio as the geometric mean of the pairs'
# ratios with a 95% interval (scripts/lib/ratios.py), so a ratio is called short of or meeting
# the 1.3 target only when the interval says so.
#
# PLUGIN_URL_OPTIONS='jms.alwaysSessionAsync=false' gives the perf plugin's connections these
# broker URL options (here: its listeners on the transport thread, as jmsbench's auto-ack
# subscribers have); by default it keeps its own defaults, as its users would.
#
# MESSAGE_TYPE=text makes jmsbench send text messages, as the perf plugin does (its producer
# only sends text); the default, bytes, is what artemis perf sends and what carries jmsbench's
# stamps in the body (a text message carries them as two properties).
#
# Other knobs: STAMPED=false (jmsbench without its audit/latency stamps), PEER_SLACK=15
# (seconds the perf plugin's producer JVM may start after its consumer JVM), KEEP=1
# (keep the logs and reports; they are kept anyway when a measurement fails).
# Needs a JDK 17+ and python3. Broker and clients share this machine's cores: read the ratios,
# measured side by side in one run, not the absolute rates.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
WARMUP=${WARMUP:-20}
MEASURE=${MEASURE:-30}
REPEAT=${REPEAT:-1}
STAMPED=${STAMPED:-true}
ONLY=${ONLY:-}
PEER_SLACK=${PEER_SLACK:-15}
KEEP=${KEEP:-}
PLUGIN_URL_OPTIONS=${PLUGIN_URL_OPTIONS:-}
MESSAGE_TYPE=${MESSAGE_TYPE:-bytes}
[[ "$MESSAGE_TYPE" =~ ^(bytes|text)$ ]] || { echo "MESSAGE_TYPE must be bytes or text, found '$MESSAGE_TYPE'" >&2; exit 2; }
[[ "$PLUGIN_URL_OPTIONS" =~ ^([A-Za-z0-9_.]+=[^\&?=\ ]+)?(\&[A-Za-z0-9_.]+=[^\&?=\ ]+)*$ ]] \
  || { echo "PLUGIN_URL_OPTIONS must be name=value options joined by &, found '$PLUGIN_URL_OPTIONS'" >&2; exit 2; }
for knob in WARMUP MEASURE PEER_SLACK; do
  [[ "${!knob}" =~ ^[0-9]+$ ]] || { echo "$knob must be whole seconds, found '${!knob}'" >&2; exit 2; }
done
[[ "$REPEAT" =~ ^[1-9][0-9]*$ ]] || { echo "REPEAT must be a whole number >= 1, found '$REPEAT'" >&2; exit 2; }
# artemis perf: its first post-warm-up second is skipped, so it needs a warm-up of at least 1 s
[ "$WARMUP" -ge 1 ] && [ "$MEASURE" -ge 2 ] || { echo "WARMUP must be >= 1 and MEASURE >= 2 seconds" >&2; exit 2; }

peers="$root/scripts/peers"
parse() { python3 "$peers/parse_peers.py" "$@"; }
pom_property() { sed -n "s:.*<$1>\(.*\)</$1>.*:\1:p" "$peers/pom.xml"; }

echo "building jmsbench (./mvnw -q -B -DskipTests package) ..." >&2
./mvnw -q -B -DskipTests package >&2
echo "fetching the peers (./mvnw -q -B -f scripts/peers/pom.xml generate-resources dependency:resolve-plugins) ..." >&2
./mvnw -q -B -f "$peers/pom.xml" generate-resources dependency:resolve-plugins >&2
jar="$root/bench-controller/target/jmsbench.jar"
artemis_version=$(pom_property artemis.version)
artemis="$peers/target/apache-artemis-$artemis_version/bin/artemis"
[ -x "$artemis" ] || { echo "no $artemis after the Maven step" >&2; exit 1; }
plugin="org.apache.activemq.tooling:activemq-perf-maven-plugin:$(pom_property perf-plugin.version)"
# offline: everything was resolved above, and a Maven that checks Central at every launch
# starts later and less predictably
mvn_peers=(./mvnw -o -B -f "$peers/pom.xml")

source "$root/scripts/lib/bench-common.sh"
jmsbench_message_type=$MESSAGE_TYPE

failure() { # WHO LOG EXIT_CODE -> sets reason (for the table); the logs are kept
  failed=1
  reason="exit $3"
  [ "$3" = 124 ] && reason="timed out"
  echo "$1: $reason, see $2" >&2
}

notes=()

measure_jmsbench() { # provider type pubs subs persistent -> appends to $results
  run_jmsbench peers "$@" $((WARMUP + MEASURE + 30 + 180))
  local dir=$run_dir
  local report result
  report=$(ls "$dir"/results/peers/*/report.json 2>/dev/null | head -1 || true)
  if [ -n "$report" ]; then
    result=$(parse jmsbench "$report")
    local invalid
    invalid=$(python3 -c "import json,sys; p=json.load(open(sys.argv[1]))['points'][0]; print('; '.join(p.get('invalidReasons') or []))" "$report" 2>/dev/null || true)
    [ -n "$invalid" ] && notes+=("jmsbench, $workload: the point is marked invalid: $invalid")
  else
    failure jmsbench "$dir/run.log" "$run_rc"
    result="n/a ($reason)"
  fi
  parse record "$results" "$workload" jmsbench "$result"
}

run_plugin() { # type pubs subs persistent -> appends to $results
  local type=$1 pubs=$2 subs=$3 persistent=$4 dir dest mode common
  start_broker "$persistent" $((WARMUP + MEASURE + PEER_SLACK + 900))
  dir="$work/plugin-$brokers"
  mkdir -p "$dir"
  dest="$type://peers.$brokers"
  mode=nonpersistent
  [ "$persistent" = true ] && mode=persistent
  # producer.messageSize=1024 would send a TextMessage of 1024 NUL characters, which OpenWire
  # encodes in 2 bytes each (2 KiB on the wire); a file of 1024 ASCII characters is 1 KiB
  printf 'x%.0s' $(seq 1 1024) > "$dir/message-1KiB.txt"
  local url=$url_openwire
  [ -n "$PLUGIN_URL_OPTIONS" ] && url="$url$([[ "$url" == *\?* ]] && echo '&' || echo '?')$PLUGIN_URL_OPTIONS"
  common=(-Dfactory.brokerURL="$url" -DsysTest.totalDests=1 -DsysTest.destDistro=all
    -DsysTest.samplers=tp -DtpSampler.interval=1000 -DsysTest.reportType=xml -DsysTest.reportDir="$dir/")
  # Its producer and consumer are two Maven JVMs, each with its own sampler, started together
  # (what the producer sends before the consumer subscribes falls in the warm-up). The producer
  # defines the window: its sampler drops WARMUP s as ramp-up, then samples MEASURE s. The
  # consumer's sampler records every second from 1 s after its start, for up to PEER_SLACK s more
  # than that, and the seconds that cover the producer's window are picked from its report by the
  # wall-clock time at which each sampler started. (Not from its start: with rampUpTime=0 the
  # plugin's sampler thread can test its running flag before startSampler sets it, and then
  # records nothing at all.)
  local slack=$PEER_SLACK consumer producer
  spawn_client "$dir/consumer.log" $((WARMUP + MEASURE + slack + 120)) "${mvn_peers[@]}" "$plugin:consumer" "${common[@]}" \
    -DsysTest.numClients="$subs" -Dconsumer.destName="$dest" -Dconsumer.recvType=time \
    -Dconsumer.recvDuration=$(((WARMUP + MEASURE + slack + 2) * 1000)) -Dconsumer.asyncRecv=true \
    -Dconsumer.sessAckMode=autoAck -Dconsumer.recvDelay=0 -Dconsumer.durable=false \
    -DtpSampler.rampUpTime=1000 -DtpSampler.rampDownTime=0
  consumer=$spawned
  spawn_client "$dir/producer.log" $((WARMUP + MEASURE + slack + 120)) "${mvn_peers[@]}" "$plugin:producer" "${common[@]}" \
    -DsysTest.numClients="$pubs" -Dproducer.destName="$dest" -Dproducer.deliveryMode="$mode" \
    -Dproducer.msgFileName="$dir/message-1KiB.txt" -Dproducer.sendType=time \
    -Dproducer.sendDuration=$(((WARMUP + MEASURE + 2) * 1000)) -Dproducer.sendDelay=0 \
    -Dproducer.createNewMsg=false -Dproducer.sessTransacted=false \
    -DtpSampler.rampUpTime=$((WARMUP * 1000)) -DtpSampler.rampDownTime=2000
  producer=$spawned
  # when did each sampler start? ("Sampling duration" is logged as it starts)
  local t_consumer="" t_producer="" deadline=$(($(now_ms) + 120000))
  while [ -z "$t_consumer" ] || [ -z "$t_producer" ]; do
    [ -z "$t_consumer" ] && grep -q 'Sampling duration' "$dir/consumer.log" 2>/dev/null && t_consumer=$(now_ms)
    [ -z "$t_producer" ] && grep -q 'Sampling duration' "$dir/producer.log" 2>/dev/null && t_producer=$(now_ms)
    { [ "$(now_ms)" -ge "$deadline" ] || ! kill -0 "$consumer" 2>/dev/null || ! kill -0 "$producer" 2>/dev/null; } && break
    sleep 0.1
  done
  local producer_rc consumer_rc
  reap "$producer"
  producer_rc=$reaped
  reap "$consumer"
  consumer_rc=$reaped
  stop_broker
  local result first
  if [ "$producer_rc" != 0 ]; then
    failure "perf plugin producer" "$dir/producer.log" "$producer_rc"
    result="n/a (producer: $reason)"
  elif [ "$consumer_rc" != 0 ]; then
    failure "perf plugin consumer" "$dir/consumer.log" "$consumer_rc"
    result="n/a (consumer: $reason)"
  elif [ -z "$t_consumer" ] || [ -z "$t_producer" ]; then
    failed=1
    result="n/a (no sampler start in its logs)"
  else
    # the consumer's sample i counts the second [start + 1 + i, start + 2 + i]; the producer's
    # window starts WARMUP s after its own sampler (rounded to the nearest second, floor of x + 0.5)
    first=$(((t_producer - t_consumer + (WARMUP - 1) * 1000 + 500 + 1000000) / 1000 - 1000))
    if [ $((t_producer - t_consumer)) -gt $((slack * 1000)) ] || [ "$first" -lt 0 ]; then
      failed=1
      result="n/a (its producer's sampler started $((t_producer - t_consumer)) ms after its consumer's; PEER_SLACK=${slack}s)"
    else
      notes+=("perf plugin, $workload: its producer's sampler started $((t_producer - t_consumer)) ms after its consumer's; consumer seconds $first..$((first + MEASURE - 1)) are the window")
      result=$(parse plugin "$(ls "$dir"/JmsProducer_*.xml 2>/dev/null | head -1)" \
        "$(ls "$dir"/JmsConsumer_*.xml 2>/dev/null | head -1)" "$pubs" "$subs" "$MEASURE" "$first")
      [[ "$result" == n/a* ]] && failed=1
    fi
  fi
  parse record "$results" "$workload" plugin "$result"
}

run_artemis() { # type pubs subs persistent -> appends to $results (AMQP)
  local type=$1 pubs=$2 subs=$3 persistent=$4 dir extra=()
  start_broker "$persistent" $((WARMUP + MEASURE + PEER_SLACK + 900))
  dir="$work/artemis-$brokers"
  mkdir -p "$dir"
  # --max-pending: the default (1) waits for each send's acknowledgement; jmsbench's
  # non-persistent sends do not wait, so allow as many in flight as the broker's AMQP link
  # credit (1000). A persistent send waits, in both tools.
  if [ "$persistent" = true ]; then extra=(--persistent --max-pending 1); else extra=(--max-pending 1000); fi
  # --duration counts the warm-up; one more second because the first post-warm-up sample is skipped
  spawn_client "$dir/perf.log" $((WARMUP + MEASURE + 1 + 120)) "$artemis" perf client --protocol amqp --url "$url_amqp" \
    --message-size 1024 --producers "$pubs" --threads "$pubs" --consumers "$subs" "${extra[@]}" \
    --warmup "$WARMUP" --duration $((WARMUP + MEASURE + 1)) --json "$dir/perf.json" "$type://peers.$brokers"
  reap "$spawned"
  local rc=$reaped result
  stop_broker
  result=$(parse artemis "$dir/perf.json" "$MEASURE")
  if [[ "$result" == n/a* ]]; then
    failed=1
    if [ "$rc" != 0 ]; then
      failure "artemis perf" "$dir/perf.log" "$rc"
      result="n/a ($reason)"
    fi
  elif [ "$rc" != 0 ]; then
    failure "artemis perf" "$dir/perf.log" "$rc"
    notes+=("artemis perf, $workload: $reason after its window, while draining; the window's samples are used")
  fi
  parse record "$results" "$workload" artemis "$result"
}

measure() { # provider type pubs subs persistent: REPEAT pairs, alternating which tool goes first
  local provider=$1 type=$2 pubs=$3 subs=$4 persistent=$5 i peer=run_plugin
  workload="$provider $type ${pubs}x${subs}"
  [ "$persistent" = true ] && workload+=" persistent"
  [[ "$workload" =~ $ONLY ]] || return 0
  [ "$provider" = amqp ] && peer=run_artemis
  for i in $(seq 1 "$REPEAT"); do
    echo "measuring $workload ($i/$REPEAT) ..." >&2
    if [ $((i % 2)) = 1 ]; then
      measure_jmsbench "$provider" "$type" "$pubs" "$subs" "$persistent"
      "$peer" "$type" "$pubs" "$subs" "$persistent"
    else
      "$peer" "$type" "$pubs" "$subs" "$persistent"
      measure_jmsbench "$provider" "$type" "$pubs" "$subs" "$persistent"
    fi
  done
}

results="$work/measurements.jsonl"
touch "$results"
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
measure openwire topic 1 1 false
measure openwire topic 4 4 false
measure amqp topic 1 1 false
measure amqp topic 4 4 false
measure openwire queue 1 1 true

echo "jmsbench and its peers: $(machine_facts)"
echo "warm-up ${WARMUP}s, window ${MEASURE}s per measurement, $REPEAT pair(s) per row, a fresh broker each (ActiveMQ 6.3.1, embedded, 64 MB memory limit);"
echo "1 KiB messages, saturated producers, non-persistent topics or a persistent queue, auto-ack; jmsbench sends $MESSAGE_TYPE messages, the perf plugin text, artemis perf bytes; jmsbench messages stamped: $STAMPED."
echo "How the clients ran: $(client_cap). Compare the ratios, not the absolute rates."
[ -n "$PLUGIN_URL_OPTIONS" ] && echo "The perf plugin's broker URL options: $PLUGIN_URL_OPTIONS."
echo "Load average (1, 5, 15 min) before the first measurement: $load_before; after the last: $(cut -d' ' -f1-3 /proc/loadavg) (a measurement's own broker and client JVMs keep it near 4)."
echo
parse table "$results" 1.3
echo
echo "msgs/s are medians over the pairs. Dispatched and received count every subscriber's copy (4x4 topic: 4 per"
echo "message sent). A ratio is jmsbench / peer: the geometric mean of the pairs' ratios with its 95% interval"
echo "(Student t on their logarithms), against the target 1.3; \"unresolved\" when the interval holds it."
for note in "${notes[@]}"; do echo "- $note"; done
