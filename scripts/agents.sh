#!/usr/bin/env bash
# Start, check and stop jmsbench agents on the machines of a testbed, over ssh.
#
#   scripts/agents.sh start testbed.hosts   # copies the jar and the token, starts every agent
#   scripts/agents.sh check testbed.hosts   # is each agent alive and serving? prints the --agents options
#   scripts/agents.sh stop  testbed.hosts
#
# testbed.hosts has one agent per line, ROLE HOST [PORT] (PORT defaults to 7100), e.g.
#
#   monitor     broker-1   7100    # the broker's machine: its CPU, memory, network, disk
#   publisher   pub-1
#   subscriber  sub-1
#   subscriber  sub-2
#
# Each machine needs Java 17+ and ssh access (keys, no password prompt); nothing else is
# installed. The token is ~/.jmsbench/token here (created, mode 0600, when absent), copied
# to the same place on every machine. The agent listens on HOST:PORT, so HOST must be the
# address the controller reaches it at. Its log and pid are in ~/jmsbench/ on its machine.
# JMSBENCH_SSH replaces the ssh command (e.g. "ssh -p 2222").
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ssh_cmd=${JMSBENCH_SSH:-ssh}
action=${1:-}
hosts=${2:-}
if [[ ! "$action" =~ ^(start|check|stop)$ || ! -f "$hosts" ]]; then
  echo "usage: $0 start|check|stop HOSTS_FILE (lines: ROLE HOST [PORT])" >&2
  exit 2
fi
token="$HOME/.jmsbench/token"
jar="$root/bench-controller/target/jmsbench.jar"

remote() { # host command... (stdin passes through); every call bounded
  local host=$1; shift
  timeout 60 $ssh_cmd -o BatchMode=yes -o ConnectTimeout=10 "$host" "$@"
}

agents() { # prints "role host port" per agent line, comments and blanks skipped
  local n=0
  while read -r role host port _; do
    n=$((n + 1))
    [[ -z "${role:-}" || "$role" == \#* ]] && continue
    if [[ ! "$role" =~ ^(publisher|subscriber|monitor)$ || -z "${host:-}" ]]; then
      echo "$hosts:$n: expected ROLE HOST [PORT] with ROLE publisher, subscriber or monitor, found '$role ${host:-}'" >&2
      exit 2
    fi
    echo "$role $host ${port:-7100}"
  done < "$hosts"
}
lines=$(agents)

case "$action" in
  start)
    "$root/jmsbench" --version > /dev/null   # builds the jar when it is missing or stale
    if [ ! -f "$token" ]; then
      (umask 077; mkdir -p "$(dirname "$token")"; head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n' > "$token")
      echo "generated $token (mode 0600)"
    fi
    declare -A copied=()
    while read -r role host port; do
      if [ -z "${copied[$host]:-}" ]; then
        remote "$host" 'umask 077; mkdir -p ~/.jmsbench ~/jmsbench && cat > ~/.jmsbench/token' < "$token"
        remote "$host" 'cat > ~/jmsbench/jmsbench.jar.tmp && mv ~/jmsbench/jmsbench.jar.tmp ~/jmsbench/jmsbench.jar' < "$jar"
        copied[$host]=1
      fi
      remote "$host" "cd ~/jmsbench && if [ -f agent-$port.pid ] && kill -0 \$(cat agent-$port.pid) 2>/dev/null; then
          echo 'already running'; exit 0; fi
        nohup java -jar jmsbench.jar agent --role $role --listen $host:$port --token-file ~/.jmsbench/token \
          > agent-$port.log 2>&1 < /dev/null & echo \$! > agent-$port.pid" > /dev/null
      echo "started $role agent on $host:$port"
    done <<< "$lines"
    exec "$0" check "$hosts"
    ;;
  check)
    failed=0
    declare -A roles=()
    while read -r role host port; do
      status=$(remote "$host" "cd ~/jmsbench 2>/dev/null && for i in \$(seq 1 100); do
          grep -q 'agent serving' agent-$port.log 2>/dev/null && break; kill -0 \$(cat agent-$port.pid) 2>/dev/null || break
          sleep 0.2; done
        if kill -0 \$(cat agent-$port.pid 2>/dev/null) 2>/dev/null && grep -q 'agent serving' agent-$port.log; then
          echo serving; else echo 'NOT serving:'; tail -3 agent-$port.log 2>/dev/null; fi" 2>&1 || echo "unreachable over ssh")
      echo "$role $host:$port: $status"
      [[ "$status" == serving ]] || failed=1
      roles[$role]="${roles[$role]:+${roles[$role]},}$host:$port"
    done <<< "$lines"
    echo
    echo "./jmsbench run SCENARIO --agents publishers=${roles[publisher]:-} --agents subscribers=${roles[subscriber]:-}" \
      "${roles[monitor]:+--agents monitor=${roles[monitor]}}"
    exit $failed
    ;;
  stop)
    while read -r role host port; do
      remote "$host" "cd ~/jmsbench 2>/dev/null && [ -f agent-$port.pid ] && kill \$(cat agent-$port.pid) 2>/dev/null
        rm -f agent-$port.pid; true"
      echo "stopped $role agent on $host:$port"
    done <<< "$lines"
    ;;
esac
