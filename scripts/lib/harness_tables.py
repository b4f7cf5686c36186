"""bench-harness.sh's arithmetic on its measurements (one JSON line per tool and measurement).

  harness_tables.py rate FILE WORKLOAD             half the slower tool's saturated receive rate, msgs/s
  harness_tables.py converged FILE WORKLOAD HALF MIN   exit 0 once both CPU ratios' 95% intervals are within
                                                   +-HALF (a fraction) over at least MIN pairs
  harness_tables.py fixed FILE [FILE ...]          the fixed-rate table (markdown); several files (KEEP=1 work
                                                   directories' measurements.jsonl, runs at the same RATE) add
                                                   their pairs to the same rows, a row per workload and rate
  harness_tables.py saturated FILE                 the saturated rate-ratio table (markdown)

A row: {"workload", "tool": "jmsbench"|"raw", "phase": "fixed"|"saturated", "target" (msgs/s or
null), "sent", "received" (msgs/s), "sentCpu", "receivedCpu" (client CPU ns per message),
optionally "sentInstructions", "receivedInstructions" (per message), "load" (1-min load average
at its start), or "failed".

A fixed-rate pair's ratio is jmsbench's CPU per message over the raw loop's, both measured at the
same rate; the summary is the geometric mean of the pairs' ratios with a Student-t 95% interval on
their logarithms (ratios.py).
"""
import json
import math
import statistics
import sys

from ratios import interval, summary

SIDES = (("send", "sentCpu", "sentInstructions", "sent"), ("receive", "receivedCpu", "receivedInstructions", "received"))
JIT = {"sentCpu": ("sentJit", "sentSteady"), "receivedCpu": ("receivedJit", "receivedSteady")}


def rows(*paths):
    """The measurements of every file, in order, each marked with its file ("source": pairs are made within one), and
    each fixed-rate one with its CPU per message less its JIT compilers' ("...Steady") where the window's per-thread
    CPU was read: the compilers' work is the JVM's start-up, not a cost per message, and a fresh JVM is still
    compiling 10 s in."""
    out = []
    for source, path in enumerate(paths):
        out += [dict(json.loads(line), source=source) for line in open(path) if line.strip()]
    for r in out:
        for cpu, (jit, steady) in JIT.items():
            if r.get(cpu) is not None and r.get(jit) is not None:
                r[steady] = r[cpu] - r[jit]
    return out


def per_message(ps, cpu):
    """The key a fixed-rate side is judged on: its CPU less the JIT's when every pair has that, else the whole."""
    steady = JIT[cpu][1]
    return steady if ps and all(a.get(steady) is not None and b.get(steady) is not None for a, b in ps) else cpu


def pairs(all_rows, workload, phase, target=None):
    """(jmsbench, raw) rows of the workload's phase (at the target rate, if given), paired in the order they were
    measured within each file, the files' pairs one after the other; failed pairs left out."""
    out = []
    for source in dict.fromkeys(r.get("source", 0) for r in all_rows):
        mine = [r for r in all_rows if r.get("source", 0) == source and r["workload"] == workload
                and r["phase"] == phase and (target is None or r.get("target") == target)]
        j = [r for r in mine if r["tool"] == "jmsbench"]
        raw = [r for r in mine if r["tool"] == "raw"]
        out += [(a, b) for a, b in zip(j, raw) if "failed" not in a and "failed" not in b]
    return out


def ratios(ps, key):
    return [a[key] / b[key] for a, b in ps if a.get(key) and b.get(key) and a[key] > 0 and b[key] > 0]


def half_width(rs):
    """The 95% interval's larger distance from the mean, as a fraction of it; inf below two ratios."""
    if len(rs) < 2:
        return math.inf
    mean, low, high = interval(rs)
    return max(high / mean - 1, 1 - low / mean)


def rate(path, workload):
    ps = pairs(rows(path), workload, "saturated")
    slowest = [min(a["received"], b["received"]) for a, b in ps if a.get("received") and b.get("received")]
    if not slowest:
        return 1
    print(max(100, int(round(0.5 * min(slowest), -2))))
    return 0


def converged(path, workload, half, least):
    ps = pairs(rows(path), workload, "fixed")
    if len(ps) < least:
        return 1
    return 0 if all(half_width(ratios(ps, per_message(ps, cpu))) < half for _, cpu, _, _ in SIDES) else 1


def fmt(x, digits=0):
    return "n/a" if x is None else f"{x:,.{digits}f}"


def median(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else None


def with_interval(rs):
    if not rs:
        return "n/a"
    mean, low, high = interval(rs)
    if low is None:
        return f"{mean:.3f} (1 pair)"
    return f"{mean:.3f} [{low:.3f}–{high:.3f}] ±{100 * half_width(rs):.1f}%"


def fixed(*paths):
    all_rows = rows(*paths)
    fixed_rows = [r for r in all_rows if r["phase"] == "fixed"]
    instructions = any(r.get("sentInstructions") for r in fixed_rows)
    head = ("| workload | side | rate msgs/s (held: jmsbench / raw) | ns/msg jmsbench | ns/msg raw | ratio [95% interval] "
            "| of it JIT, ns/msg jmsbench / raw | without JIT: ratio [95% interval] | pairs | load |")
    rule = "|---|---|---|---:|---:|---|---|---|---:|---|"
    if instructions:
        head += " instr/msg jmsbench | instr/msg raw | instr ratio [95% interval] |"
        rule += "---:|---:|---|"
    print(head)
    print(rule)
    for w, target in dict.fromkeys((r["workload"], r.get("target")) for r in fixed_rows):
        ps = pairs(all_rows, w, "fixed", target)
        loads = [r["load"] for r in fixed_rows if r["workload"] == w and r.get("target") == target
                 and r.get("load") is not None]
        load = f"{min(loads):.1f}–{max(loads):.1f}" if loads else "n/a"
        for side, cpu, ins, held in SIDES:
            line = (f"| {w} | {side} | {fmt(target)} ({fmt(median([a[held] for a, _ in ps]))} / "
                    f"{fmt(median([b[held] for _, b in ps]))}) | {fmt(median([a[cpu] for a, _ in ps]))} "
                    f"| {fmt(median([b[cpu] for _, b in ps]))} | {with_interval(ratios(ps, cpu))} "
                    f"| {jit_of(ps, cpu)} | {steady_of(ps, cpu)} | {len(ps)} | {load} |")
            if instructions:
                line += (f" {fmt(median([a.get(ins) for a, _ in ps]))} | {fmt(median([b.get(ins) for _, b in ps]))} "
                         f"| {with_interval(ratios(ps, ins))} |")
            print(line)
    print()
    print("ns/msg: the client JVMs' CPU time (user + system) over the window per message they sent or received, median")
    print("over the pairs; jmsbench's is its publisher or subscriber agent's, without the controller. A ratio is jmsbench")
    print("/ raw: the geometric mean of the pairs' ratios with its 95% interval (Student t on their logarithms); 1.05 is")
    print("+5% CPU per message. 'held' is the rate each tool reached (median): both should sit at the target rate, else")
    print("the row compares unequal work. load: the 1-minute load average at the start of the row's measurements.")
    print("JIT: the C1 and C2 compiler threads' CPU over the window per message (/proc/PID/task), a fresh JVM's start-up")
    print("work and not a cost per message; 'without JIT' is the ratio of the rest, which the pairs run until it is within")
    print("the tolerance (n/a where the per-thread figures were not read).")
    failures(fixed_rows)


def jit_of(ps, cpu):
    jit = JIT[cpu][0]
    if not ps or any(a.get(jit) is None or b.get(jit) is None for a, b in ps):
        return "n/a"
    return f"{fmt(median([a[jit] for a, _ in ps]))} / {fmt(median([b[jit] for _, b in ps]))}"


def steady_of(ps, cpu):
    key = per_message(ps, cpu)
    return with_interval(ratios(ps, key)) if key != cpu else "n/a"


def saturated(path):
    all_rows = rows(path)
    sat = [r for r in all_rows if r["phase"] == "saturated"]
    print("| workload | jmsbench send msgs/s | raw send msgs/s | send ratio | jmsbench send CPU ns/msg | raw | "
          "jmsbench receive msgs/s | raw receive msgs/s | receive ratio | jmsbench receive CPU ns/msg | raw |")
    print("|---|---:|---:|---|---:|---:|---:|---:|---|---:|---:|")
    for w in dict.fromkeys(r["workload"] for r in sat):
        ps = pairs(all_rows, w, "saturated")
        r = lambda key: summary(ratios(ps, key), 0.97)
        m = lambda i, key: fmt(median([p[i].get(key) for p in ps]))
        print(f"| {w} | {m(0, 'sent')} | {m(1, 'sent')} | {r('sent')} | {m(0, 'sentCpu')} | {m(1, 'sentCpu')} "
              f"| {m(0, 'received')} | {m(1, 'received')} | {r('received')} | {m(0, 'receivedCpu')} | {m(1, 'receivedCpu')} |")
    print()
    print("msgs/s and CPU are medians over the pairs. A ratio is jmsbench / raw: the geometric mean of the pairs' ratios")
    print("with its 95% interval (Student t on their logarithms), against the target 0.97: \"unresolved\" when the interval")
    print("holds it, and then only more pairs can tell. CPU ns/msg is the client JVMs' CPU time per message they sent or")
    controller = median([r.get("controllerCores") for r in sat if r["tool"] == "jmsbench" and "failed" not in r])
    print(f"received; jmsbench's does not count its controller, whose JVM used a median of {fmt(controller, 3)} cores over")
    print("the windows (the raw loops have none).")
    failures(sat)


def failures(rs):
    for r in rs:
        if "failed" in r:
            print(f"- failed: {r['workload']} {r['tool']} ({r['phase']}): {r['failed']}")


if __name__ == "__main__":
    command, args = sys.argv[1], sys.argv[2:]
    if command == "rate":
        sys.exit(rate(*args))
    if command == "converged":
        sys.exit(converged(args[0], args[1], float(args[2]), int(args[3])))
    {"fixed": fixed, "saturated": saturated}[command](*args)
