# Sourced by the bench-*.sh scripts: their work directory, the processes they start, and the
# fresh embedded broker each measurement gets. Expects `root` (the checkout) and `jar` (the
# shaded jmsbench jar) to be set, and `set -euo pipefail`.
#
# Every process runs under `timeout`, which makes it a process group of its own, so a hung one
# ends by itself and the exit trap can end each one, with its children, by group id. Not under
# `setsid`: with the kernel's autogroup scheduling (on by default), every session is scheduled
# as one group, so a broker in a session of its own gets half the cores against the clients'
# session whatever its load, and a tool split over three sessions gets a third each. Measured
# here: the same jmsbench run against a broker started with setsid sent 35,000 to 38,000
# msgs/s, against one started without it 58,000 to 60,000. Every process of a measurement
# stays in this script's session, as the JVMs of a `jmsbench run` share the controller's. The work directory is removed
# at exit unless KEEP is set or `failed` was set (then its logs are kept and named).
#
# CLIENT_CORES=N (root only) caps each tool's client processes together at N cores, in a cgroup
# of their own, while the broker (and jmsbench's controller, which on a testbed has a machine of
# its own) stays uncapped: the client side is then the bottleneck, as with a slow client machine
# on a testbed, and the tool that spends fewer cycles per message sends and receives more. jmsbench
# then runs its publisher and subscriber agents as separate processes in that cgroup, with the
# controller outside it (`jmsbench run --agents`), as on a testbed.

work="$(mktemp -d)"
failed=""
pids=()
broker_pid=""
brokers=0
jmsbench_message_type=bytes # what jmsbench's scenario sends; bench-peers.sh may set text
jmsbench_rate=max # the publishers' total rate in jmsbench's scenario; bench-harness.sh sets msgs/s for its fixed-rate rows

cleanup() {
  local p alive
  for p in "${pids[@]}"; do kill -TERM -- "-$p" 2>/dev/null || true; done
  for _ in $(seq 1 100); do
    alive=""
    for p in "${pids[@]}"; do kill -0 -- "-$p" 2>/dev/null && alive=1; done
    [ -z "$alive" ] && break
    sleep 0.1
  done
  for p in "${pids[@]}"; do kill -KILL -- "-$p" 2>/dev/null || true; done
  if [ -n "$client_cgroup" ]; then # a killed process leaves the cgroup only once it is reaped
    for _ in $(seq 1 50); do rmdir "$client_cgroup" 2>/dev/null && break; sleep 0.1; done
    [ -d "$client_cgroup" ] && echo "could not remove the cgroup $client_cgroup; remove it with rmdir once its processes are gone" >&2
  fi
  if [ -n "${KEEP:-}$failed" ]; then echo "logs and reports kept in $work" >&2; else rm -rf "$work"; fi
}
client_cgroup=""
CLIENT_CORES=${CLIENT_CORES:-}
if [ -n "$CLIENT_CORES" ]; then
  [[ "$CLIENT_CORES" =~ ^[0-9]*\.?[0-9]+$ ]] && python3 -c "import sys; sys.exit(not 0 < float(sys.argv[1]) <= $(nproc))" "$CLIENT_CORES" \
    || { echo "CLIENT_CORES must be a number of cores above 0 and at most $(nproc), found '$CLIENT_CORES'" >&2; exit 2; }
  [ "$(id -u)" = 0 ] || { echo "CLIENT_CORES needs root (it creates a cgroup)" >&2; exit 2; }
  # a 10 ms period, so that a capped client is held back in short steps rather than 100 ms stalls
  client_quota=$(python3 -c "import sys; print(round(float(sys.argv[1]) * 10000))" "$CLIENT_CORES")
  if [ -f /sys/fs/cgroup/cpu/cpu.cfs_quota_us ]; then
    client_cgroup=/sys/fs/cgroup/cpu/jmsbench-clients-$$ # cgroup v1
    mkdir "$client_cgroup"
    echo 10000 > "$client_cgroup/cpu.cfs_period_us"
    echo "$client_quota" > "$client_cgroup/cpu.cfs_quota_us"
  elif grep -qw cpu /sys/fs/cgroup/cgroup.controllers 2>/dev/null; then
    grep -qw cpu /sys/fs/cgroup/cgroup.subtree_control || echo +cpu > /sys/fs/cgroup/cgroup.subtree_control
    client_cgroup=/sys/fs/cgroup/jmsbench-clients-$$ # cgroup v2
    mkdir "$client_cgroup"
    echo "$client_quota 10000" > "$client_cgroup/cpu.max"
  else
    echo "CLIENT_CORES needs the cgroup cpu controller (v1 at /sys/fs/cgroup/cpu, or v2), and this machine has neither" >&2
    exit 2
  fi
fi

trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

spawn() { # LOG SECONDS COMMAND... -> sets spawned (the pid, also the process group id)
  local log=$1 secs=$2
  shift 2
  timeout -k 10 "$secs" "$@" > "$log" 2>&1 < /dev/null &
  spawned=$!
  pids+=("$spawned")
}

spawn_client() { # LOG SECONDS COMMAND... -> as spawn, in the capped cgroup when CLIENT_CORES is set
  local log=$1 secs=$2
  shift 2
  if [ -z "$client_cgroup" ]; then
    spawn "$log" "$secs" "$@"
  else
    spawn "$log" "$secs" sh -c 'echo $$ > "$0" && exec "$@"' "$client_cgroup/cgroup.procs" "$@"
  fi
}

client_cap() { # how the clients ran, for the scripts' headers
  if [ -n "$client_cgroup" ]; then
    echo "every tool's client processes capped together at $CLIENT_CORES cores (cgroup $client_cgroup), the broker and jmsbench's controller uncapped"
  else
    echo "broker and clients share this machine's cores"
  fi
}

reap() { # PID -> sets reaped (exit code; 124 = timed out)
  reaped=0
  wait "$1" || reaped=$?
  local kept=() p
  for p in "${pids[@]}"; do [ "$p" != "$1" ] && kept+=("$p"); done
  pids=("${kept[@]}")
}

now_ms() { date +%s%3N; }

wait_for() { # LOG PATTERN COUNT SECONDS PID -> 0 once LOG has COUNT lines matching PATTERN
  local deadline=$(($(now_ms) + $4 * 1000))
  while [ "$(now_ms)" -lt "$deadline" ]; do
    [ "$(grep -c -- "$2" "$1" 2>/dev/null || true)" -ge "$3" ] && return 0
    kill -0 "$5" 2>/dev/null || return 1
    sleep 0.1
  done
  return 1
}

json() { python3 -c "import json,sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])" "$@"; }

broker_kind=activemq # what start_broker starts: activemq or artemis (jmsbench broker --kind), or rabbitmq

start_broker() { # PERSISTENT SECONDS -> sets url_openwire url_amqp url_core url_rabbitmq_jms; a fresh broker each time
  # activemq and artemis: jmsbench's embedded broker in a JVM of its own, a fresh store each time;
  # rabbitmq: a node of Debian's rabbitmq-server of its own (the package must be installed), as the tests start it
  brokers=$((brokers + 1))
  local extra=() ready="$work/ready-$brokers"
  if [ "$broker_kind" = rabbitmq ]; then
    [ "$1" = true ] && { echo "a persistent measurement on rabbitmq is not written here (its queues are classic, durable)" >&2; exit 2; }
    spawn "$work/broker-$brokers.log" "$2" java -cp "$jar:$root/bench-controller/target/test-classes" \
      io.jmsbench.it.DebianBrokerMain rabbitmq "$work/data-$brokers" "$ready"
  else
    [ "$1" = true ] && extra=(--persistent)
    spawn "$work/broker-$brokers.log" "$2" java -jar "$jar" broker --kind "$broker_kind" --listen 127.0.0.1 \
      --data-dir "$work/data-$brokers" --ready-file "$ready" "${extra[@]}"
  fi
  broker_pid=$spawned
  for _ in $(seq 1 1200); do
    [ -s "$ready" ] && break
    kill -0 "$broker_pid" 2>/dev/null || break
    sleep 0.1
  done
  if [ ! -s "$ready" ]; then
    failed=1
    echo "the broker did not start; see $work/broker-$brokers.log" >&2
    exit 3
  fi
  url_openwire=$(json_or_empty "$ready" openwire)
  url_amqp=$(json_or_empty "$ready" amqp)
  url_core=$(json_or_empty "$ready" core)
  url_rabbitmq_jms=$(json_or_empty "$ready" rabbitmqJms)
  url_management=$(json_or_empty "$ready" management)
}

json_or_empty() { python3 -c "import json,sys; print(json.load(open(sys.argv[1])).get(sys.argv[2]) or '')" "$@"; }

broker_url() { # PROVIDER -> the started broker's URL for it, or a sentence and exit 2
  local url
  case $1 in
    openwire) url=$url_openwire ;;
    amqp) url=$url_amqp ;;
    core) url=$url_core ;;
    rabbitmq-jms) url=$url_rabbitmq_jms ;;
    *) url="" ;;
  esac
  [ -n "$url" ] || { echo "a $broker_kind broker here does not speak $1" >&2; exit 2; }
  echo "$url"
}

stop_broker() {
  kill -TERM -- "-$broker_pid" 2>/dev/null || true
  reap "$broker_pid"
  broker_pid=""
}

machine_facts() {
  echo "$(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)), $(java -version 2>&1 | head -1)"
}

run_jmsbench() { # NAME PROVIDER TYPE PUBS SUBS PERSISTENT SECONDS -> sets run_dir, run_rc
  # one jmsbench run of the workload (saturated unless jmsbench_rate says a rate) against a fresh broker of its own, stamped as
  # STAMPED says; its report lands under $run_dir/results/NAME/
  local name=$1 provider=$2 type=$3 pubs=$4 subs=$5 persistent=$6 secs=$7 url
  start_broker "$persistent" $((secs + 60))
  url=$(broker_url "$provider")
  local management=""
  [ -n "$url_management" ] && management=", management: {url: \"$url_management\"}"
  run_dir="$work/jmsbench-$brokers"
  mkdir -p "$run_dir"
  cat > "$run_dir/scenario.yaml" <<YAML
name: $name
broker: {url: "$url", kind: $broker_kind$management}
provider: $provider
destination: {type: $type, name: $name.$brokers}
message: {type: $jmsbench_message_type, size: 1024, stamped: ${STAMPED:-true}}
publishers: {clients: $pubs, rate: $jmsbench_rate}
subscribers:
  - {clients: $subs}
delivery: {persistent: $persistent, ack: auto}
phases: {warmup: ${WARMUP}s, measure: ${MEASURE}s, drain: 30s}
YAML
  if [ -z "$client_cgroup" ]; then
    spawn "$run_dir/run.log" "$secs" java -jar "$jar" run "$run_dir/scenario.yaml" --out "$run_dir/results"
    reap "$spawned"
    run_rc=$reaped # before stop_broker, whose reap overwrites reaped
  else
    # capped clients: the publisher and subscriber agents in the cgroup, the controller outside it
    local role agents=() agent_pids=() p
    export JMSBENCH_TOKEN=${JMSBENCH_TOKEN:-$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')}
    for role in publisher subscriber; do
      spawn_client "$run_dir/$role-agent.log" $((secs + 30)) \
        java -jar "$jar" agent --role "$role" --ready-file "$run_dir/$role-agent.ready"
      agent_pids+=("$spawned")
    done
    for role in publisher subscriber; do
      for _ in $(seq 1 600); do [ -s "$run_dir/$role-agent.ready" ] && break; sleep 0.1; done
      [ -s "$run_dir/$role-agent.ready" ] || { failed=1; echo "the $role agent did not start; see $run_dir/$role-agent.log" >&2; exit 3; }
      agents+=(--agents "${role}s=$(json "$run_dir/$role-agent.ready" url | sed 's#^http://##')")
    done
    spawn "$run_dir/run.log" "$secs" java -jar "$jar" run "$run_dir/scenario.yaml" --out "$run_dir/results" "${agents[@]}"
    reap "$spawned"
    run_rc=$reaped
    for p in "${agent_pids[@]}"; do kill -TERM -- "-$p" 2>/dev/null || true; reap "$p"; done
  fi
  stop_broker
}
