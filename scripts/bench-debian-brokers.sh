#!/usr/bin/env bash
# A compare scenario against the brokers Debian packages, as a user would point jmsbench at the
# brokers they run: ActiveMQ Classic (package activemq, its JMX connector on) and RabbitMQ
# (rabbitmq-server, its management plugin on), each started fresh on free ports of this machine and
# judged from inside (their process found by port, their own counts through JMX and the management
# API). The scenario's ActiveMQ (the embedded one, or tcp://localhost:61616) is moved to Debian's;
# its RabbitMQ (amqp://127.0.0.1:5672) to the fresh node. Prints the report's table; the run stays
# under results/debian-brokers/.
#
#   scripts/bench-debian-brokers.sh                         # scenarios/compare/activemq-vs-rabbitmq.yaml
#   scripts/bench-debian-brokers.sh scenarios/rabbitmq.yaml # or scenarios/activemq-url.yaml
#   scripts/bench-debian-brokers.sh --set phases.measure=20s   # extra options go to jmsbench run
#
# Needs both packages (.ci/run installs them), a JDK 17+ and python3. Broker and clients share this
# machine's cores: read the columns side by side, not as a testbed's figures.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
scenario=scenarios/compare/activemq-vs-rabbitmq.yaml
if [ $# -gt 0 ] && [[ "$1" == *.yaml ]]; then scenario=$1; shift; fi
echo "building (./mvnw -q -B -DskipTests package) ..." >&2
./mvnw -q -B -DskipTests package >&2
jar="$root/bench-controller/target/jmsbench.jar"
source "$root/scripts/lib/bench-common.sh"

start_debian() { # KIND -> sets ready (the broker's URLs file)
  ready="$work/$1.ready"
  spawn "$work/$1.log" 3600 java -cp "$jar:$root/bench-controller/target/test-classes" \
    io.jmsbench.it.DebianBrokerMain "$1" "$work/$1" "$ready"
  local pid=$spawned
  for _ in $(seq 1 1200); do
    [ -s "$ready" ] && return 0
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  failed=1
  echo "Debian's $1 did not start; see $work/$1.log" >&2
  exit 3
}

start_debian activemq
activemq=$(json "$ready" openwire)
activemq_jmx=$(json "$ready" management)
start_debian rabbitmq
rabbitmq=$(json "$ready" rabbitmqJms)
rabbitmq_api=$(json "$ready" management)

moved="$work/$(basename "$scenario")"
python3 - "$scenario" "$moved" "$activemq" "$activemq_jmx" "$rabbitmq" "$rabbitmq_api" <<'PY'
import sys
src, dst, amq, jmx, rmq, api = sys.argv[1:]
text = open(src).read()
moves = [  # (as a compare column sets it, as a broker: mapping writes it) -> Debian's
    ("broker.embedded: activemq, broker.persistent: true",
     f"broker.url: '{amq}', broker.kind: activemq, broker.management.url: '{jmx}'"),
    ("broker.url: 'amqp://127.0.0.1:5672'", f"broker.url: '{rmq}', broker.management.url: '{api}'"),
    ("broker: {url: 'amqp://127.0.0.1:5672'", f"broker: {{url: '{rmq}', management: {{url: '{api}'}}"),
    ("broker: {url: 'tcp://localhost:61616'", f"broker: {{url: '{amq}', management: {{url: '{jmx}'}}"),
]
if not any(old in text for old, _ in moves):
    sys.exit(f"{src}: names none of the brokers this script moves (the embedded ActiveMQ of a compare column, "
             "tcp://localhost:61616, amqp://127.0.0.1:5672)")
for old, new in moves:
    text = text.replace(old, new)
schema = "$schema=../scenario.schema.json" if "$schema=../" in text else "$schema=scenario.schema.json"
open(dst, "w").write(text.replace(schema, f"$schema={src}"))
PY
echo "Debian's ActiveMQ at $activemq (JMX $activemq_jmx), RabbitMQ at $rabbitmq (management $rabbitmq_api)" >&2
mkdir -p results
set +e
java -jar "$jar" run "$moved" --out results/debian-brokers "$@"
rc=$?
set -e
echo "jmsbench run exit code $rc; $(machine_facts); broker and clients share this machine's cores" >&2
exit $rc
