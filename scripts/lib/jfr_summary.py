#!/usr/bin/env python3
"""What a client JVM's JFR recording (bench-harness.sh PROFILE=1) says about where its CPU and
allocation go, in shares that compare between two JVMs at the same rate:

  python3 scripts/lib/jfr_summary.py RECORDING.jfr [MESSAGES]

- CPU: the execution samples (Java code only; time in the kernel, such as socket writes, is not
  sampled) per thread, the busiest methods by their own samples, and each jmsbench method by the
  samples under it (inclusive), so a send loop's share less its send call's is the harness's own.
- Allocation: exactly, per thread, from the per-thread counters at the recording's start and end;
  and the allocation samples' weight (an estimate) by class and by the first frame outside the
  JDK. With MESSAGES (sent or received over the recording), bytes per message too. The recording's
  own threads (the Attach Listener that runs JFR.start, JFR's) are left out.
"""
import collections
import json
import re
import subprocess
import sys

TOP = 15
JDK = re.compile(r"^(java|javax|jdk|sun|com\.sun)\.")
# the recording's own threads: jcmd's JFR.start runs on the Attach Listener
PROFILER = re.compile(r"^(Attach Listener|JFR |Java Flight Recorder)")


def events(path):
    out = subprocess.run(["jfr", "print", "--json", "--stack-depth", "64", "--events",
                          "jdk.ExecutionSample,jdk.ObjectAllocationSample,jdk.ThreadAllocationStatistics", path],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)["recording"]["events"]


def frames(event):
    trace = event["values"].get("stackTrace") or {}
    for f in trace.get("frames") or []:
        m = f["method"]
        yield m["type"]["name"] + "." + m["name"]


def thread_of(event):
    v = event["values"]
    t = v.get("sampledThread") or v.get("thread") or v.get("eventThread") or {}
    name = t.get("javaName") or t.get("osName") or "?"
    return re.sub(r"\d+", "N", name)[:60]


def table(title, counts, total, unit, per=None):
    print(f"\n{title}")
    for key, n in counts.most_common(TOP):
        extra = f"  {n / per:10.1f} {unit}/msg" if per else ""
        print(f"{100 * n / total:6.1f}%{extra}  {key}")


def main():
    path = sys.argv[1]
    messages = float(sys.argv[2]) if len(sys.argv) > 2 else None
    samples, allocations, first, last = [], [], {}, {}
    for e in events(path):
        if e["type"] == "jdk.ThreadAllocationStatistics":
            name = thread_of(e) + "/" + str((e["values"].get("thread") or {}).get("javaThreadId"))
            first.setdefault(name, e["values"]["allocated"])
            last[name] = e["values"]["allocated"]
        elif not PROFILER.match(thread_of(e)):
            (samples if e["type"] == "jdk.ExecutionSample" else allocations).append(e)
    print(f"{path}: {len(samples)} execution samples, {len(allocations)} allocation samples "
          "(the recording's own threads left out)")
    if samples:
        by_thread, own, under = collections.Counter(), collections.Counter(), collections.Counter()
        for e in samples:
            by_thread[thread_of(e)] += 1
            stack = list(frames(e))
            if stack:
                own[stack[0]] += 1
            for method in set(stack):
                if method.startswith("io.jmsbench."):
                    under[method] += 1
        n = len(samples)
        table("CPU samples by thread", by_thread, n, "")
        table("CPU samples by the method running (own)", own, n, "")
        table("CPU samples under each jmsbench method (inclusive)", under, n, "")
    exact = collections.Counter()
    for name, allocated in last.items():
        if not PROFILER.match(name) and allocated > first[name]:
            exact[name.rsplit("/", 1)[0]] += allocated - first[name]
    if exact:
        total = sum(exact.values())
        print(f"\nallocated over the recording, exactly (per-thread counters at its start and end): "
              f"{total / 1e6:.1f} MB" + (f", {total / messages:.0f} B per message" if messages else ""))
        table("allocated by thread", exact, total, "B", messages)
    if allocations:
        by_class, by_site, by_thread = collections.Counter(), collections.Counter(), collections.Counter()
        for e in allocations:
            weight = e["values"].get("weight") or 0
            by_thread[thread_of(e)] += weight
            by_class[e["values"]["objectClass"]["name"]] += weight
            site = next((m for m in frames(e) if not JDK.match(m)), "(JDK only)")
            by_site[site] += weight
        total = sum(by_class.values()) or 1
        print(f"\nallocated (sampled weight): {total / 1e6:.1f} MB"
              + (f", {total / messages:.0f} B per message" if messages else ""))
        table("allocation by thread", by_thread, total, "B", messages)
        table("allocation by class", by_class, total, "B", messages)
        table("allocation by the first frame outside the JDK", by_site, total, "B", messages)


if __name__ == "__main__":
    main()
