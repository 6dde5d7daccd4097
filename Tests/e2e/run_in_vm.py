#!/usr/bin/env python3
"""`make run` on a machine without a usable DRM device (a container, a server, a desktop whose
cards are taken): boots the end-to-end test VM (Debian kernel, bochs DRM driver, libinput, udev)
and runs `swipe-kiosk run` in it as the foreground program, so anyone can see and use the real
DRM/KMS path. QEMU shows the screen in a window when $DISPLAY or $WAYLAND_DISPLAY is set,
otherwise on VNC (localhost:5900, or the next free port); its virtio tablet is the pointer the
app treats as touch (press, drag, release), and the PS/2 keyboard reaches the app (Escape = back).
The app's log appears here; Ctrl-C stops the app with SIGTERM in the guest, then QEMU.

    python3 Tests/e2e/run_in_vm.py --binary .build/release/swipe-kiosk [--size 1024x768]
        [--rotation 90] [--display auto|window|vnc] [--vnc-port 5900] [--qmp PATH]
"""
import argparse
import os
import signal
import socket
import sys
import time
from pathlib import Path

import vmassets
from vm import VM, VMError

EXIT_TAG = "SWIPE-KIOSK-EXIT"


def free_vnc_port(first):
    """The first TCP port from `first` (5900 + display) nothing listens on at localhost."""
    for port in range(first, first + 100):
        with socket.socket() as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                probe.bind(("127.0.0.1", port))
                return port
            except OSError:
                continue
    raise SystemExit(f"run_in_vm: no free VNC port from {first}")


def display_arguments(choice, vnc_port):
    """QEMU's display options and the sentence that tells the user where to look."""
    has_desktop = bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    if choice == "window" or (choice == "auto" and has_desktop):
        return ("-display", "gtk,zoom-to-fit=off"), "the screen is in the QEMU window"
    port = free_vnc_port(vnc_port)
    return (("-display", "none", "-vnc", f"127.0.0.1:{port - 5900}"),
            f"the screen is on VNC at localhost:{port}; connect with: vncviewer localhost:{port}"
            f"  (from another machine: ssh -L {port}:localhost:{port} THIS-HOST, then the same)")


def main():
    parser = argparse.ArgumentParser(description="swipe-kiosk on a real kernel DRM driver inside QEMU")
    parser.add_argument("--binary", required=True, help="swipe-kiosk built with --static-swift-stdlib")
    parser.add_argument("--size", default="1024x768", help="panel size WxH (the VGA device's mode)")
    parser.add_argument("--rotation", type=int, default=0, choices=(0, 90, 180, 270))
    parser.add_argument("--display", default="auto", choices=("auto", "window", "vnc"))
    parser.add_argument("--vnc-port", type=int, default=5900, help="first port to try (default 5900)")
    parser.add_argument("--qmp", help="an extra QMP socket (tests take screendumps through it)")
    parser.add_argument("--workdir", default=os.environ.get("SWIPE_KIOSK_RUN_WORK", "/tmp/swipe-kiosk-run"))
    options = parser.parse_args()
    width, height = (int(v) for v in options.size.lower().split("x"))

    print("run_in_vm: no usable /dev/dri/card* here: starting the app in a QEMU VM "
          "(Debian kernel, bochs DRM driver, libinput)", flush=True)
    vmlinux, initrd = vmassets.prepare(options.binary)
    display, where = display_arguments(options.display, options.vnc_port)
    extra = ("-qmp", f"unix:{options.qmp},server=on,wait=off") if options.qmp else ()
    # Ctrl-C goes to this process only (QEMU gets its own session) and becomes an orderly stop.
    interrupted = []
    signal.signal(signal.SIGINT, lambda *_: interrupted.append(True))
    signal.signal(signal.SIGTERM, lambda *_: interrupted.append(True))
    try:
        vm = VM(vmlinux, initrd, options.workdir, xres=width, yres=height, display=display, extra=extra,
                new_session=True)
    except VMError as error:  # e.g. no usable desktop for the window: QEMU says why on its output
        print(f"run_in_vm: {error}; --display vnc avoids the window", file=sys.stderr, flush=True)
        return 69
    status = 0
    try:
        vm.wait_for("INIT DONE", timeout=120, what="guest boot")
        rotation = f" --rotation {options.rotation}" if options.rotation else ""
        vm.shell(f"( swipe-kiosk run --demo --database /tmp/items.sqlite3{rotation} & echo $! > /run/app.pid; "
                 f"wait $!; echo {EXIT_TAG} $? ) &")
        print(f"run_in_vm: guest up in {vm.elapsed():.1f} s (qemu pid {vm.process.pid}); {where}", flush=True)
        print("run_in_vm: the pointer is a touch (press, drag, release); Escape goes back; "
              "Ctrl-C stops the app and the VM", flush=True)
        stopping_since = None
        while True:
            lines = vm.new_lines(timeout=0.2)
            if lines is None:
                print("run_in_vm: QEMU exited", flush=True)
                break
            for line in lines:
                if line.startswith(EXIT_TAG):
                    status = int(line.split()[1])
                    print(f"run_in_vm: swipe-kiosk exited with status {status}", flush=True)
                    return status
                if line and "INIT DONE" not in line:
                    print(line, flush=True)
            if interrupted and stopping_since is None:
                print("\nrun_in_vm: stopping the app (SIGTERM in the guest)", flush=True)
                vm.shell("kill -TERM $(cat /run/app.pid)")
                stopping_since = time.monotonic()
            elif stopping_since is not None and (len(interrupted) > 1 or time.monotonic() - stopping_since > 10):
                print("run_in_vm: the app did not stop; ending QEMU", flush=True)
                return 130
    except VMError as error:
        print(f"run_in_vm: {error}", file=sys.stderr, flush=True)
        return 70
    finally:
        try:
            vm.qmp_command("quit")
        except (OSError, ValueError, VMError):
            pass
        deadline = time.monotonic() + 5
        while vm.process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        vm.close()
        print(f"run_in_vm: VM stopped; its console log is {Path(options.workdir) / 'console.log'}", flush=True)
    return status


if __name__ == "__main__":
    sys.exit(main())
