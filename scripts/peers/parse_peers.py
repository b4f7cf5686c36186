#!/usr/bin/env python3
"""Reads what jmsbench and its peers wrote, for scripts/bench-peers.sh.

Each reader prints "SENT RECEIVED" (msgs/s over the measurement window only) or one
"n/a (reason)" line, and always exits 0: a peer that measured nothing must show up in the
table as n/a with its reason, never as a number and never as a crash of the whole script.

  parse_peers.py jmsbench REPORT_JSON
  parse_peers.py plugin PRODUCER_XML CONSUMER_XML PRODUCERS CONSUMERS MEASURE_S CONSUMER_FIRST_SECOND
  parse_peers.py artemis REPORT_JSON MEASURE_S
  parse_peers.py row WORKLOAD JB_SENT JB_DISP PLUGIN_SENT PLUGIN_RECV ARTEMIS_SENT ARTEMIS_RECV
"""
import json
import re
import sys


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


def pair(a, b):
    x, y = number(a), number(b)
    if x is None:
        return a  # the reason, once
    return f"{x:,.0f} / {y:,.0f}"


def ratio(jb_sent, jb_disp, peer_sent, peer_recv):
    values = [number(v) for v in (jb_sent, jb_disp, peer_sent, peer_recv)]
    if any(v is None for v in values) or values[2] == 0 or values[3] == 0:
        return "–"
    return f"{values[0] / values[2]:.2f} / {values[1] / values[3]:.2f}"


def row(workload, jb_sent, jb_disp, pl_sent, pl_recv, ar_sent, ar_recv):
    print(f"| {workload} | {pair(jb_sent, jb_disp)} | {pair(pl_sent, pl_recv)} "
          f"| {ratio(jb_sent, jb_disp, pl_sent, pl_recv)} | {pair(ar_sent, ar_recv)} "
          f"| {ratio(jb_sent, jb_disp, ar_sent, ar_recv)} |")


if __name__ == "__main__":
    command, args = sys.argv[1], sys.argv[2:]
    {"jmsbench": jmsbench, "plugin": plugin, "artemis": artemis, "row": row}[command](*args)
