#!/usr/bin/env python3
"""Why this exists: wall-clock frame times on the shared build machines drift by 1.5x between
runs, so small regressions hide; instruction counts do not drift (issue 26). This counts the
instructions of an average 60 Hz frame of each `swipe-kiosk bench --scenario` at each size with
callgrind: the total of `bench --frames 180` minus that of `bench --frames 60`, divided by 120,
so start-up (fonts, database, first frame) cancels. Run on a stripped copy of the shipped
(static release) binary. Prints a Markdown table (millions of instructions per frame) and, with
--json FILE, writes the figures as JSON too.
Usage: bench-instructions.py --binary .build/release/swipe-kiosk [--json FILE] [--jobs N]
       [--scenarios swipe,scroll,push,sheet] [--sizes 800x480,1280x800,1920x1080] (`make bench-instructions`)."""
import argparse
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SCENARIOS = ["swipe", "scroll", "push", "sheet"]
SIZES = ["800x480", "1280x800", "1920x1080"]
FEW, MANY = 60, 180


def instructions(binary, scenario, size, frames, items, workdir):
    """Total instructions callgrind counts for one bench run (exits on failure)."""
    out = Path(workdir) / f"callgrind.{scenario}.{size}.{frames}"
    command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", str(binary),
               "bench", "--scenario", scenario, "--size", size, "--frames", str(frames), "--items", str(items)]
    # Swift seeds its hashing at random per process; fixed, dictionaries are laid out (and
    # walked) the same way every run, so the counts repeat exactly.
    env = dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1")
    run = subprocess.run(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if run.returncode != 0:
        sys.exit(f"bench-instructions: {' '.join(command)} failed ({run.returncode}):\n{run.stderr[-2000:]}")
    totals = re.search(r"^(?:summary|totals):\s*(\d+)", out.read_text(), re.MULTILINE)
    if not totals:
        sys.exit(f"bench-instructions: no instruction total in {out}")
    out.unlink()
    return int(totals.group(1))


def measure(binary, scenario, size, items, workdir):
    few = instructions(binary, scenario, size, FEW, items, workdir)
    many = instructions(binary, scenario, size, MANY, items, workdir)
    return {"scenario": scenario, "size": size, "items": items, "instructions_60": few, "instructions_180": many,
            "instructions_per_frame": (many - few) / (MANY - FEW)}


def commit():
    """The checked-out commit, marked `+dirty` when the work tree has changes."""
    def git(*args):
        return subprocess.run(["git", "-C", str(Path(__file__).resolve().parent), *args], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True).stdout.strip()
    head = git("rev-parse", "--short", "HEAD") or "unknown"
    return head + ("+dirty" if git("status", "--porcelain", "--untracked-files=no") else "")


def table(results, scenarios, sizes):
    by = {(r["scenario"], r["size"]): r["instructions_per_frame"] for r in results}
    lines = ["| scenario | " + " | ".join(sizes) + " |", "|---|" + "---|" * len(sizes)]
    for s in scenarios:
        lines.append(f"| {s} | " + " | ".join(f"{by[(s, z)] / 1e6:.2f} M" for z in sizes) + " |")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", required=True, help="the static release binary (a stripped copy is measured)")
    parser.add_argument("--json", help="also write the figures to this file")
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1), help="callgrind runs at once")
    parser.add_argument("--items", type=int, default=100, help="items in the list (bench --items)")
    parser.add_argument("--scenarios", default=",".join(SCENARIOS))
    parser.add_argument("--sizes", default=",".join(SIZES))
    args = parser.parse_args()
    scenarios, sizes = args.scenarios.split(","), args.sizes.split(",")
    if shutil.which("valgrind") is None:
        sys.exit("bench-instructions: valgrind is not installed (apt-get install valgrind)")
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="bench-instructions-") as workdir:
        stripped = Path(workdir) / "swipe-kiosk"
        subprocess.run(["strip", "-o", str(stripped), args.binary], check=True)
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            futures = [pool.submit(measure, stripped, s, z, args.items, workdir) for s in scenarios for z in sizes]
            results = [f.result() for f in futures]
    seconds = time.monotonic() - started
    revision = commit()
    print(f"Instructions per 60 Hz frame (callgrind, (bench --frames {MANY} - --frames {FEW}) / {MANY - FEW}, "
          f"{args.items} items), commit {revision}, {seconds:.0f} s:")
    print(table(results, scenarios, sizes))
    if args.json:
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(json.dumps({"commit": revision, "frames": [FEW, MANY], "seconds": round(seconds),
                                               "results": results}, indent=1) + "\n")
        print(f"JSON: {args.json}")


if __name__ == "__main__":
    main()
