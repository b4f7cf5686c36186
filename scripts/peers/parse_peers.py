#!/usr/bin/env python3
"""Reads what jmsbench and its peers wrote, for scripts/bench-peers.sh.

Each reader prints "SENT RECEIVED" (msgs/s over the measurement window only) or one
"n/a (reason)" line, and always exits 0: a peer that measured nothing must show up in the
table as n/a with its reason, never as a number and never as a crash of the whole script.

  parse_peers.py jmsbench REPORT_JSON
  parse_peers.py plugin PRODUCER_XML CONSUMER_XML PRODUCERS CONSUMERS MEASURE_S CONSUMER_FIRST_SECOND
  parse_peers.py artemis REPORT_JSON MEASURE_S
  parse_peers.py record RESULTS_JSONL WORKLOAD TOOL "SENT RECEIVED"|"n/a (reason)"
  parse_peers.py table RESULTS_JSONL TARGET

record appends one measurement; table prints the markdown table of them all: per workload and
tool the median msgs/s, and per peer jmsbench's ratio to it as the geometric mean of the pairs'
ratios with its 95% interval (../lib/ratios.py), the i-th measurement of each tool being pair i.
"""
import json
import os
import re
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from ratios import summary  # noqa: E402


def na(reason):
    print(f"n/a ({reason})")
    sys.exit(0)


def jmsbench(report_path):
    try:
        with open(report_path) as f:
            report = json.load(f)
        point = report["points"][0]
        sent, dispatched = float(point["received"]["rate"]), float(point["dispatched"]["rate"])
    except (OSError, ValueError, KeyError, IndexError, TypeError) as e:
        na(f"no report: {type(e).__name__}")
    print(f"{sent} {dispatched}")


# The perf plugin's XML is not always well-formed (it copies the JVM's system properties
# unescaped), so read only its per-sample lines, one element per client and sample.
TPDATA = re.compile(r"<tpdata index='(\d+)' clientName='([^']*)' throughput='(\d+)'")


def plugin_side(path, clients, side, first=None, count=None):
    """Total msgs/s of all clients. Each sample counts one interval of tpSampler.interval = 1 s.
    Without first, every sample (the sampler already dropped ramp-up and ramp-down); with it,
    the samples first .. first + count - 1 only, each of which must be there."""
    try:
        with open(path, errors="replace") as f:
            samples = [(int(i), name, int(t)) for i, name, t in TPDATA.findall(f.read())]
    except OSError:
        na(f"{side} wrote no report")
    if not samples:
        na(f"{side} report has no samples")
    names = {name for _, name, _ in samples}
    if len(names) != clients:
        na(f"{side} report has {len(names)} of {clients} clients")
    if first is not None:
        wanted = set(range(first, first + count))
        samples = [s for s in samples if s[0] in wanted]
        if {i for i, _, _ in samples} != wanted:
            na(f"{side} report lacks some of its seconds {first}..{first + count - 1}")
    indices = {i for i, _, _ in samples}
    return sum(t for _, _, t in samples) / len(indices), len(indices)


def plugin(producer_xml, consumer_xml, producers, consumers, measure_s, consumer_first):
    measure_s = int(measure_s)
    sent, seconds = plugin_side(producer_xml, int(producers), "producer")
    # the producer's sampler stops on a timer: a window much shorter than asked was cut short
    if seconds < max(1, measure_s - 2):
        na(f"producer sampled {seconds} s of {measure_s} s")
    received, _ = plugin_side(consumer_xml, int(consumers), "consumer", int(consumer_first), measure_s)
    print(f"{sent} {received}")


def artemis(report_path, measure_s):
    """`artemis perf --json` writes one interval sample a second, flagged warmup true/false,
    then a summary whose totals include the warm-up. Its first non-warm-up sample still covers
    the last second of warm-up, so skip it and average the next MEASURE samples (the script runs
    it for WARMUP + MEASURE + 1 s). The perf client goes on sampling while its consumers drain,
    so later samples are not part of the window; the first of those still covers a second in
    which the producers sent, so a window that slips by one sample stays a sending second."""
    measure_s = int(measure_s)
    samples = []
    try:
        with open(report_path) as f:
            for line in f:  # one object a line; a killed run leaves the array unterminated
                line = line.strip().rstrip(",")
                if not line.startswith("{"):
                    continue
                try:
                    samples.append(json.loads(line))
                except ValueError:
                    continue
    except OSError:
        na("wrote no report")
    summary = [s for s in samples if s.get("sampleType") == "summary"]
    if summary and summary[-1].get("result") != "success":
        na("it reported a failed run")
    window = [s for s in samples if s.get("sampleType") == "interval" and s.get("warmup") is False][1:]
    window = window[:measure_s]
    if len(window) < measure_s:
        na(f"{len(window)} of {measure_s} measured samples")
    # A second with nothing sent can be real (flow control held every producer back); a window
    # with nothing sent at all is not a measurement.
    if all(s.get("sent", 0) <= 0 for s in window):
        na("nothing sent in its window")
    sent = sum(float(s["sent"]) for s in window) / len(window)
    received = sum(float(s["received"]) for s in window) / len(window)
    print(f"{sent} {received}")


def number(text):
    try:
        return float(text)
    except ValueError:
        return None


def record(results, workload, tool, result):
    row = {"workload": workload, "tool": tool}
    if result.startswith("n/a"):
        row["reason"] = result
    else:
        sent, received = result.split()
        row.update(sent=float(sent), received=float(received))
    with open(results, "a") as f:
        f.write(json.dumps(row) + "\n")


# each peer, and why it has no figure for the workloads it cannot run
PEERS = (("plugin", "OpenWire only"), ("artemis", "no OpenWire: speaks CORE and AMQP only"))


def table(results, target):
    target = float(target)
    with open(results) as f:
        rows = [json.loads(line) for line in f if line.strip()]
    print("| workload | jmsbench sent / dispatched msgs/s | perf plugin producer / consumer msgs/s "
          "| jmsbench ÷ perf plugin, sent | dispatched | artemis perf sent / received msgs/s "
          "| jmsbench ÷ artemis perf, sent | received |")
    print("|---|---:|---:|---|---|---:|---|---|")
    for workload in dict.fromkeys(r["workload"] for r in rows):
        mine = [r for r in rows if r["workload"] == workload]
        jb = [r for r in mine if r["tool"] == "jmsbench"]
        cells = [workload, medians(jb)]
        for tool, absent in PEERS:
            peer = [r for r in mine if r["tool"] == tool]
            if not peer:
                cells += [f"n/a ({absent})", "–", "–"]
                continue
            pairs = [(a, b) for a, b in zip(jb, peer) if "reason" not in a and "reason" not in b]
            cells.append(medians(peer))
            for key in ("sent", "received"):
                cells.append(summary([a[key] / b[key] for a, b in pairs if b[key]], target) if pairs else "–")
        print("| " + " | ".join(cells) + " |")


def medians(measurements):
    """Median sent / received of the measurements that have numbers, and the reasons of any that do not."""
    good = [m for m in measurements if "reason" not in m]
    reasons = "; ".join(dict.fromkeys(m["reason"] for m in measurements if "reason" in m))
    text = ""
    if good:
        text = f"{statistics.median(m['sent'] for m in good):,.0f} / {statistics.median(m['received'] for m in good):,.0f}"
        if len(good) < len(measurements):
            text += f" ({len(good)} of {len(measurements)}; {reasons})"
    return text or reasons


if __name__ == "__main__":
    command, args = sys.argv[1], sys.argv[2:]
    {"jmsbench": jmsbench, "plugin": plugin, "artemis": artemis, "record": record, "table": table}[command](*args)
