#!/usr/bin/env bash
# What the harness costs per message, apart from the JMS call itself: the JMH microbenchmarks of
# bench-jmh (counting, latency recording, the stream audit, the audit stamps on each provider's
# message, no broker), and the subscriber agent's once-a-second latency answer. Prints ns/op and
# allocated bytes per op (JMH's gc profiler) of each benchmark, against the target of under 50 ns
# and no allocation per message.
#
#   scripts/bench-jmh.sh                      # 5 warm-up + 10 measured iterations of 1 s, 2 forks: ~7 min
#   SHORT=1 scripts/bench-jmh.sh              # 2 warm-up + 3 measured iterations of 1 s, 1 fork: ~2 min
#   ONLY=Subscriber SHORT=1 scripts/bench-jmh.sh   # a regular expression of benchmark names
#   WARMUP=3 ITERATIONS=5 TIME=2s FORKS=1 scripts/bench-jmh.sh   # any of the four, on top of either
#
# Needs a JDK 17+ and python3 (to read JMH's JSON). The JMH log and JSON stay in bench-jmh/target.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
if [ "${SHORT:-}" = 1 ]; then
  WARMUP=${WARMUP:-2} ITERATIONS=${ITERATIONS:-3} FORKS=${FORKS:-1}
fi
WARMUP=${WARMUP:-5}
ITERATIONS=${ITERATIONS:-10}
TIME=${TIME:-1s}
FORKS=${FORKS:-2}
ONLY=${ONLY:-}
# -am: the benchmarks must measure this tree's bench-core, not whichever snapshot ~/.m2 holds
echo "building (./mvnw -q -B -DskipTests package -pl bench-jmh -am) ..." >&2
./mvnw -q -B -DskipTests package -pl bench-jmh -am >&2
target="$root/bench-jmh/target"
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
echo "running JMH (-wi $WARMUP -i $ITERATIONS -w $TIME -r $TIME -f $FORKS -prof gc), log in $target/jmh.log ..." >&2
# shellcheck disable=SC2086 # ONLY is a JMH argument or nothing
java -jar "$target/benchmarks.jar" -wi "$WARMUP" -i "$ITERATIONS" -w "$TIME" -r "$TIME" -f "$FORKS" -prof gc \
  -rf json -rff "$target/jmh-result.json" $ONLY > "$target/jmh.log" 2>&1 \
  || { tail -30 "$target/jmh.log" >&2; exit 1; }
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)
clock=$(cat /sys/devices/system/clocksource/clocksource0/current_clocksource 2>/dev/null || echo unknown)
python3 - "$target/jmh-result.json" "$(nproc)" "$cpu" "$clock" "$load_before" "$load_after" <<'PY'
import json, sys
path, cores, cpu, clock, load_before, load_after = sys.argv[1:]
results = json.load(open(path))
if not results:
    sys.exit("no benchmark ran (ONLY matched nothing?)")
r0 = results[0]
# benchmarks whose figure includes ActiveMQ's own work, which the harness can avoid only by calling it less
PROVIDER = {
    "PublisherBenchmark.stampAndCount": "the stamps' bytes: one copy of the message body per send with the stamps "
                                        "in its first 20 bytes, which the session's copy of the message shares "
                                        "(about 1 KB for a 1 KiB body)",
    "SubscriberBenchmark.readStamps": "ActiveMQ's property getters on unmarshalled properties: StampReader's "
                                      "fallback, not the path a message fresh off the wire takes",
    "OpenWireSendBenchmark.plain": "ActiveMQ's copy and marshalling of a 1 KiB message, as a raw send loop pays it: "
                                   "the yardstick for the two below",
    "OpenWireSendBenchmark.stamped": "the same with the stamps set by setLongProperty: the session copies the "
                                     "property map and the wire format marshals it again on every send",
    "OpenWireSendBenchmark.stampWriter": "the same with the stamps written by StampWriter, as the publisher does: "
                                         "compare with plain",
    "QpidStampBenchmark.readThroughJms": "the subscriber's stamp read on qpid-jms before it read the body where it "
                                         "is: after each reset qpid-jms wraps the body in a new buffer, stream and "
                                         "DataInputStream (the yardstick for QpidStampBenchmark.read)",
    "RabbitStampBenchmark.writeThroughJms": "the publisher's stamp write on rabbitmq-jms before the patch in place: "
                                            "a new output stream and a copy of the 1 KiB body per send, which the "
                                            "send copies once more (the yardstick for RabbitStampBenchmark.write)",
}
# benchmarks of work done once a second, not per message: the per-message target does not apply
ONCE_A_SECOND = {"LatencyIntervalBenchmark.fresh", "LatencyIntervalBenchmark.reused", "HostSampleBenchmark.read"}
notes = []
print(f"jmsbench per-message costs: {cores} cores ({cpu}), shared with whatever else runs here; "
      f"{r0['vmName']} {r0['vmVersion']}; clock source {clock}")
print(f"load average {load_before} before, {load_after} after; "
      f"{r0['warmupIterations']} x {r0['warmupTime']} warm-up, {r0['measurementIterations']} x {r0['measurementTime']} "
      f"measured, {r0['forks']} fork(s)")
print("ns/op is the median of the measured iterations (a descheduled iteration inflates the mean, not the median);")
print("B/op counts every byte allocated per op, whoever allocates it (JMH -prof gc, gc.alloc.rate.norm).")
print()
print("| benchmark | ns/op (median) | ns/op (mean ± 99.9%) | B/op | target < 50 ns, 0 B |")
print("|---|---:|---:|---:|---|")
for r in results:
    name = r["benchmark"].rsplit(".", 2)
    name = f"{name[-2]}.{name[-1]}"
    key = name
    if r.get("params"):
        name += " (" + ", ".join(f"{k}={v}" for k, v in r["params"].items()) + ")"
    m = r["primaryMetric"]
    median = m["scorePercentiles"]["50.0"]
    error = m["scoreError"]
    alloc = r["secondaryMetrics"].get("gc.alloc.rate.norm", {}).get("score", float("nan"))
    error_text = f"{error:,.1f}" if error == error else "n/a"
    verdict = []
    if key in ONCE_A_SECOND:
        verdict.append("once a second, not per message")
    elif median >= 50:
        verdict.append("slow")
    if alloc >= 0.5 and key not in ONCE_A_SECOND:
        verdict.append("allocates")
    alloc_text = f"{alloc:,.1f}" if alloc < 10 else f"{alloc:,.0f}"
    print(f"| {name} | {median:,.1f} | {m['score']:,.1f} ± {error_text} | {alloc_text} | "
          f"{', '.join(verdict) or 'met'} |")
    note = f"{key}: {PROVIDER[key]}" if key in PROVIDER else None
    if note and note not in notes:
        notes.append(note)
if notes:
    print()
    print("Partly or wholly the provider's, not the harness's:")
    for note in notes:
        print(f"- {note}")
PY
