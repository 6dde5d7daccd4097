#!/usr/bin/env python3
"""Why this exists: the code pages of the shipped binary that a frame touches count in its resident
set, and the kernel maps them 64 KiB at a time around each fault. Laid out as the compiler left
them, the ~1.2 MB of functions the app runs are spread over 10 MB of the 19 MB of .text, and all
of that was resident (issue 26, BENCHMARKS.md "Peak memory"). This lists the functions the app
runs, so that the linker puts them side by side (`--symbol-ordering-file`, Package.swift).

It plays every `bench --scenario` (start-up, the first frame and each interaction) under
callgrind on a copy of the binary stripped of debug information (valgrind 3.19 cannot read the
full binary's), keeps the functions that ran and are the binary's own, and writes them sorted,
so a new list differs from the old one only by what changed. Functions missing from the list
still link and run; they are only placed after the listed ones.
Usage: hot-functions.py --binary .build/release/swipe-kiosk [--output packaging/hot-functions.txt]"""
import argparse
import re
import subprocess
import sys
import tempfile
from pathlib import Path

SCENARIOS = ["swipe", "scroll", "push", "sheet"]
HEADER = """\
# The functions `swipe-kiosk bench --scenario swipe|scroll|push|sheet` runs (start-up included),
# for lld's --symbol-ordering-file (Package.swift): placed side by side, the code a frame runs
# takes about 6 MB of resident pages instead of 10. Written by packaging/hot-functions.py; regenerate
# it after large changes (a function missing here is only placed further away).
"""


def ran(binary, scenario, workdir):
    """Mangled names of the functions callgrind saw run in one bench run."""
    out = Path(workdir) / f"callgrind.{scenario}"
    command = ["valgrind", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={out}", str(binary),
               "bench", "--scenario", scenario, "--size", "1920x1080", "--items", "1000", "--frames", "60"]
    run = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if run.returncode != 0:
        sys.exit(f"hot-functions: {' '.join(command)} failed ({run.returncode}):\n{run.stderr[-2000:]}")
    # "fn=(id) name" names a function the first time; "'2" marks a recursion level of it.
    names = {re.sub(r"'\d+$", "", m.group(1)) for m in re.finditer(r"^c?fn=\(\d+\) (.+)$", out.read_text(), re.MULTILINE)}
    out.unlink()
    return names


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", required=True, type=Path)
    parser.add_argument("--output", type=Path, default=Path(__file__).resolve().parent / "hot-functions.txt")
    args = parser.parse_args()
    own = set(re.findall(r"^\S+ [tTwW] (\S+)$", subprocess.run(["nm", "--defined-only", str(args.binary)], stdout=subprocess.PIPE, text=True).stdout, re.MULTILINE))
    with tempfile.TemporaryDirectory() as workdir:
        stripped = Path(workdir) / "swipe-kiosk"
        subprocess.run(["strip", "-g", "-o", str(stripped), str(args.binary)], check=True)
        names = set().union(*(ran(stripped, scenario, workdir) for scenario in SCENARIOS))
    hot = sorted(names & own)
    args.output.write_text(HEADER + "".join(name + "\n" for name in hot))
    print(f"hot-functions: {len(hot)} functions written to {args.output}")


if __name__ == "__main__":
    main()
