#!/usr/bin/env python3
"""Why this exists: the arm64 binary is built by another compiler (Debian's Swift 6.0.3) for
another CPU (NEON instead of SSE2 pixel kernels), yet must draw exactly what the x86-64 build
draws. This plays the same touch scripts headless (`swipe-kiosk replay`) with the host's binary
and with the arm64 binary under qemu-aarch64-static in the trixie build root (its arm64 sysroot
gives the libraries), and requires 0 differing pixels and equal state dumps: the first screen,
a tap that pushes the detail page, and a swipe that opens a row's trailing actions.
Usage: compare-headless.py HOST_BINARY ARM64_BINARY BUILD_ROOT (`make test-arm64-headless`)."""
import json
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent / "Tests" / "e2e"))
import images  # noqa: E402  (the e2e tests' PNG reader, standard library only)

# Rows of the demo list at 1024x768: nav bar 64, section header 28, rows of 76 from y = 92.
SCRIPTS = {
    "tap": "size 1024x768\nat 500 screenshot first.png\nat 500 state first.json\n"
           "at 600 tap 512 282\nat 2000 screenshot tap.png\nat 2000 state tap.json\nat 2100 end\n",
    "swipe": "size 1024x768\nat 500 swipe 0 1000 206 700 206 400\n"
             "at 2500 screenshot swipe.png\nat 2500 state swipe.json\nat 2600 end\n",
}


def replay(command, workdir):
    """Runs every script with `command` (a list to which replay's arguments are appended)."""
    for name, script in SCRIPTS.items():
        (workdir / f"{name}.touch").write_text(script)
    for name in SCRIPTS:
        subprocess.run(command + ["replay", f"{name}.touch", "--out", ".", "--database", f"{name}.sqlite3", "--demo"],
                       cwd=workdir, check=True, capture_output=True, text=True)


def main():
    host_binary, arm64_binary, root = (Path(p).resolve() for p in sys.argv[1:4])
    cache = arm64_binary.parents[3]  # CACHE/src/.build-arm64/aarch64-unknown-linux-gnu/release
    host_dir, arm_dir = Path("/tmp/swipe-kiosk-compare/x86_64"), root / "var/tmp/compare"
    for directory in (host_dir, arm_dir):
        shutil.rmtree(directory, ignore_errors=True)
        directory.mkdir(parents=True)
    replay([str(host_binary)], host_dir)
    shutil.copy2(shutil.which("qemu-aarch64-static"), root / "usr/local/bin/qemu-aarch64-static")
    inside = "/src/" + str(arm64_binary.relative_to(cache))
    replay([str(HERE / "inroot.sh"), str(root), str(cache), "sh", "-c",
            f'cd /var/tmp/compare && exec qemu-aarch64-static -L /sysroot {inside} "$@"', "replay"], arm_dir)
    failed = 0
    for name in ("first", "tap", "swipe"):
        a, b = images.read_png(host_dir / f"{name}.png"), images.read_png(arm_dir / f"{name}.png")
        differing = sum(1 for i in range(0, len(a.pixels), 3) if a.pixels[i:i + 3] != b.pixels[i:i + 3])
        same_state = json.loads((host_dir / f"{name}.json").read_text()) == json.loads((arm_dir / f"{name}.json").read_text())
        ok = (a.width, a.height) == (b.width, b.height) and differing == 0 and same_state
        failed += not ok
        print(f"compare-headless: {name}: {differing} differing pixels, state dumps "
              f"{'equal' if same_state else 'DIFFER'}: {'ok' if ok else 'FAILED'}")
    tap = json.loads((arm_dir / "tap.json").read_text())
    swipe = json.loads((arm_dir / "swipe.json").read_text())["rows"][1]["swipe"]
    checks = [tap["navigation"]["stack"] == ["inbox", "detail:inbox-3"],
              (swipe["state"], swipe["side"]) == ("open", "trailing")]
    failed += checks.count(False)
    print(f"compare-headless: arm64 tap pushes {tap['navigation']['stack'][-1]}, swipe leaves row 2 {swipe['state']}")
    print(f"compare-headless: {3 + 2 - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
