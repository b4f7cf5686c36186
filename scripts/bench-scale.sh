#!/usr/bin/env bash
# Does the harness hold the scale it promises without becoming the bottleneck? Two checks
# (ScaleCheck in the test sources), each against its target:
#  (a) one subscriber agent JVM, started with the flags a run gives it, holding CLIENTS clients
#      (each its own connection, session and consumer, selector P1 = '#i') against the embedded
#      broker: time until all are connected and consuming, heap, threads; then one message per
#      selector proves every client consumes.
#  (b) the controller merging MERGE_CLIENTS client streams per agent over SECONDS one-second
#      readings (PointRecorder, the real code), and the JSON decoding of one such counters body.
#
#   scripts/bench-scale.sh                                    # about 1 minute
#   CLIENTS=2000 MERGE_CLIENTS=20000 scripts/bench-scale.sh
#   AGENT_FLAGS=-XX:StartFlightRecording=filename=/tmp/agent.jfr,settings=profile scripts/bench-scale.sh
#
# Needs a JDK 17+ (with jcmd, for the heap after a full GC) and python3. On shared cores wall
# times stretch with the load: the table gives the load average and the CPU the work took.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
CLIENTS=${CLIENTS:-1000}
MERGE_CLIENTS=${MERGE_CLIENTS:-10000}
SECONDS_=${SECONDS_:-600}
echo "building (./mvnw -q -B -DskipTests package) ..." >&2
./mvnw -q -B ${MVN_OFFLINE:+-o} -DskipTests package >&2
cp="$root/bench-controller/target/jmsbench.jar:$root/bench-controller/target/test-classes"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
# each check in its own JVM; the merge JVM gets no heap flags, as ./jmsbench gives the controller none
java -Dorg.slf4j.simpleLogger.defaultLogLevel=warn -Dscale.agentFlags="${AGENT_FLAGS:-}" -cp "$cp" \
  io.jmsbench.selftest.ScaleCheck agent "$CLIENTS" "$work" > "$work/agent.json"
java -Dorg.slf4j.simpleLogger.defaultLogLevel=warn -cp "$cp" io.jmsbench.selftest.ScaleCheck \
  merge "$MERGE_CLIENTS" "$SECONDS_" > "$work/merge.json"
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

echo "jmsbench scale: $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)), $(free -g | awk '/^Mem:/{print $2}') GiB," \
  "$(java -version 2>&1 | head -1)"
echo "load average before/after: $load_before / $load_after (broker, agent and controller share these cores with it)"
echo
python3 - "$work/agent.json" "$work/merge.json" <<'PY'
import json, sys
a, m = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
MiB = 1 << 20
yes = lambda ok: "yes" if ok else "**no**"
rows = []
n = a["clients"]
ok_ready = a["ready"] == n and a["deliveryCheck"]["clientsWithExactlyOne"] == n
rows.append((f"(a) time to ready: {n} subscribers with selectors, one agent JVM ({' '.join(a['agentJvmFlags'][:2])})",
             f"{a['readySeconds']:.1f} s ({a['ready']} ready, {a['failures']} failed; CPU: agent "
             f"{a['agentCpuSecondsDuringPrepare']:.1f} s, broker {a['brokerCpuSecondsDuringPrepare']:.1f} s)",
             "< 10 s", yes(ok_ready and a["readySeconds"] < 10)))
heap = a["heapUsedAfterGcBytes"]
rows.append(("(a) agent heap in use, after a full GC (jcmd GC.run)",
             f"{heap / MiB:.0f} MiB (as reported before the GC: {a['heapUsedBytes'] / MiB:.0f} MiB; "
             f"after delivery: {a['heapUsedAfterDeliveryBytes'] / MiB:.0f} MiB)" if heap >= 0 else
             f"{a['heapUsedBytes'] / MiB:.0f} MiB (as the agent reports it, no GC: jcmd missing)",
             "< 1 GiB", yes((heap if heap >= 0 else a["heapUsedBytes"]) < 1 << 30)))
groups = ", ".join(f"{v} '{k}'" for k, v in a["threadGroups"].items())
rows.append(("(a) agent threads: ready / after the first delivery",
             f"{a['threads']} / {a['threadsAfterDelivery']} ({groups}); idle agent {a['idleThreads']}", "-", "-"))
rows.append(("(a) resident memory: agent / broker; broker threads",
             f"{a['agentRssBytes'] / MiB:.0f} MiB / {a['brokerRssBytes'] / MiB:.0f} MiB; {a['brokerThreads']}", "-", "-"))
d = a["deliveryCheck"]
rows.append(("(a) delivery check: one message per selector",
             f"{d['clientsWithExactlyOne']} of {n} clients got exactly one, in {d['seconds']:.1f} s; close {a['closeSeconds']:.1f} s",
             f"{n} of {n}", yes(d["clientsWithExactlyOne"] == n)))
c, s = m["clientsPerAgent"], m["seconds"]
rows.append((f"(b) controller merge: {s} one-second readings of 2 agents x {c:,} clients (PointRecorder.sample x {s} + result)",
             f"{m['mergeSeconds']:.2f} s wall (median of 3, max {m['mergeMaxSeconds']:.2f}); {m['mergeCpuSeconds']:.2f} s CPU",
             "< 1 s", yes(m["mergeSeconds"] < 1) + (" (CPU: yes; the wall time is the shared cores' load)"
                                                   if m["mergeSeconds"] >= 1 and m["mergeCpuSeconds"] < 1 else "")))
rows.append(("(b) of which the client streams (same merge without latency histograms)",
             f"{m['mergeCountsOnlyCpuSeconds']:.2f} s CPU; the rest is one latency histogram a second "
             f"(decode, percentiles, .hlog; {m['histogramBytes']} B encoded)", "-", "-"))
rows.append((f"(b) JSON decoding of one {c:,}-client Counters body ({m['bodyBytes'] / 1024:.0f} KiB, Json.MAPPER)",
             f"{m['decodeMedianSeconds'] * 1e3:.1f} ms median, {m['decodeMaxSeconds'] * 1e3:.1f} ms max, "
             f"first (cold) {m['decodeFirstSeconds'] * 1e3:.0f} ms; 2 x {s} bodies: {m['decodeWindowSeconds']:.1f} s; "
             f"agent-side encoding {m['encodeMedianSeconds'] * 1e3:.1f} ms", "(reported)", "-"))
print("| figure | measured | target | met? |")
print("|---|---|---|---|")
for r in rows:
    print("| " + " | ".join(r) + " |")
PY
