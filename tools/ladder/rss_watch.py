#!/usr/bin/env python3
"""Run a command and report its peak memory split into anonymous memory and mapped file pages.

usage: tools/ladder/rss_watch.py [--every SECONDS] [--trace OUT.tsv] -- COMMAND [ARG ...]

Samples /proc/PID/status (RssAnon, RssFile, VmRSS, VmHWM) every SECONDS (default 0.05) while
COMMAND runs, passes COMMAND's stdout and stderr through, and prints on stderr one JSON line:
  {"rss_watch": {"exit": 0, "wall_s": ..., "samples": ...,
                 "peak_gib": {"RssAnon": ..., "RssFile": ..., "VmHWM": ...},
                 "at_peak_gib": {"RssAnon": ..., "RssFile": ...},
                 "swap_peak_gib": ..., "read_gb": ...}}
swap_peak_gib is VmSwap's sampled maximum (the process's pages out on swap), read_gb the last
sample of /proc/PID/io read_bytes in 10^9 bytes (what it read from storage, page-cache hits not
counted; reads in the last SECONDS before exit are missed; null without access to the file).
peak_gib holds each figure's own maximum over the samples (VmHWM is the kernel's exact peak of
the sum); at_peak_gib the split at the sample where RssAnon + RssFile was largest. The peaks of
RssAnon and RssFile are sampled, so a spike shorter than SECONDS can be missed. --trace writes
every sample (seconds since the start, RssAnon and RssFile in KiB). Exits with COMMAND's status.
Linux only (needs /proc). Used for README's "Proving at scale" figures (issue 33.3).
"""
import json
import subprocess
import sys
import time

FIELDS = ("RssAnon", "RssFile", "VmRSS", "VmHWM", "VmSwap")


def status(pid):
    out = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            key = line.split(":", 1)[0]
            if key in FIELDS:
                out[key] = int(line.split()[1])  # kB
    return out


def read_bytes(pid):
    """Bytes the process caused to be read from storage so far (/proc/PID/io read_bytes: page
    cache hits do not count), or None when the file cannot be read."""
    try:
        with open(f"/proc/{pid}/io") as f:
            for line in f:
                if line.startswith("read_bytes:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


def main(argv):
    every, trace_path = 0.05, None
    while argv and argv[0] != "--":
        if argv[0] == "--every" and len(argv) > 1:
            every, argv = float(argv[1]), argv[2:]
        elif argv[0] == "--trace" and len(argv) > 1:
            trace_path, argv = argv[1], argv[2:]
        else:
            sys.exit(f"rss_watch: unknown argument {argv[0]!r}\n{__doc__}")
    if len(argv) < 2:
        sys.exit(__doc__)
    cmd = argv[1:]
    t0 = time.monotonic()
    proc = subprocess.Popen(cmd)
    peak = dict.fromkeys(FIELDS, 0)
    at_peak, best, rows, disk = {}, -1, [], None
    while proc.poll() is None:
        disk = read_bytes(proc.pid) or disk
        try:
            s = status(proc.pid)
        except (OSError, ValueError):
            s = {}
        if s:
            for k, v in s.items():
                peak[k] = max(peak[k], v)
            total = s.get("RssAnon", 0) + s.get("RssFile", 0)
            if total > best:
                best, at_peak = total, s
            rows.append((time.monotonic() - t0, s.get("RssAnon", 0), s.get("RssFile", 0)))
        time.sleep(every)
    wall = time.monotonic() - t0
    if trace_path:
        with open(trace_path, "w") as f:
            f.write("seconds\trss_anon_kib\trss_file_kib\n")
            for t, a, b in rows:
                f.write(f"{t:.3f}\t{a}\t{b}\n")
    gib = lambda kb: round(kb / 1048576, 3)
    report = {
        "exit": proc.returncode,
        "wall_s": round(wall, 2),
        "samples": len(rows),
        "peak_gib": {k: gib(peak[k]) for k in ("RssAnon", "RssFile", "VmHWM")},
        "at_peak_gib": {k: gib(at_peak.get(k, 0)) for k in ("RssAnon", "RssFile")},
        "swap_peak_gib": gib(peak["VmSwap"]),
        "read_gb": None if disk is None else round(disk / 1e9, 3),
    }
    print(json.dumps({"rss_watch": report}), file=sys.stderr)
    return proc.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
