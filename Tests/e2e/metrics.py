"""The figures `make test-e2e` prints for each driver and architecture, measured in the guest:
- first_frame_ms: exec to the first page flip, as the app logs it (`start-up: first frame N ms`);
- touch_to_flip_p50_ms / _p99_ms: the app's own histogram of kernel input timestamp -> flip
  completion (logged at exit: `touch-to-flip: p50 X ms, p99 Y ms (N events) in all`) over 20
  injected taps and swipes;
- idle_cpu_ms_per_min / wakeups_per_s: 60 s untouched, from /proc/PID/stat (utime + stime, clock
  ticks of 10 ms) and the voluntary + involuntary context switches of all the app's threads.
The guest runs under TCG software emulation: the figures are upper bounds for real hardware."""
import re
import time

IDLE_SECONDS = 60
CLOCK_TICK_MS = 10  # USER_HZ 100 on Debian's x86_64 and arm64 kernels
LINES = []  # the e2e-metrics lines, printed by run_vm_tests.py at the end

# One guest shell line: utime stime (fields 14, 15 of /proc/PID/stat), the context switches of
# every thread, and /proc/uptime, tagged so the host finds it on the console.
SNAPSHOT = ("pid=$(cat /run/app.pid); set -- $(cut -d')' -f2 /proc/$pid/stat); "
            "echo {tag} ${{12}} ${{13}} $(cat /proc/$pid/task/*/status | awk '/ctxt_switches/ {{s += $2}} END {{print s}}') "
            "$(cut -d' ' -f1 /proc/uptime)")


def snapshot(vm, tag):
    vm.shell(SNAPSHOT.format(tag=tag))
    line = vm.wait_for(lambda l: l.startswith(tag + " "), timeout=30, what=tag)
    utime, stime, switches, uptime = line.split()[1:5]
    return int(utime) + int(stime), int(switches), float(uptime)


def measure_idle(vm, seconds=IDLE_SECONDS):
    """(CPU ms per minute, wakeups per second) of the running app over `seconds` untouched."""
    cpu0, switches0, up0 = snapshot(vm, "IDLE-BEFORE")
    time.sleep(seconds)
    cpu1, switches1, up1 = snapshot(vm, "IDLE-AFTER")
    elapsed = up1 - up0
    return (cpu1 - cpu0) * CLOCK_TICK_MS * 60 / elapsed, (switches1 - switches0) / elapsed


def first_frame_ms(line):
    return int(re.search(r"start-up: first frame (\d+) ms after exec", line).group(1))


def latency_ms(line):
    """(p50, p99, events) from the app's exit line."""
    match = re.search(r"touch-to-flip: p50 ([\d.]+) ms, p99 ([\d.]+) ms \((\d+) events\) in all", line)
    return float(match.group(1)), float(match.group(2)), int(match.group(3))


def record(driver, arch, first_frame, p50, p99, idle_cpu, wakeups):
    line = (f"e2e-metrics driver={driver} arch={arch} first_frame_ms={first_frame} "
            f"touch_to_flip_p50_ms={p50:.1f} touch_to_flip_p99_ms={p99:.1f} "
            f"idle_cpu_ms_per_min={idle_cpu:.1f} wakeups_per_s={wakeups:.2f}")
    LINES.append(line)
    print(f"\n  {line}", flush=True)
    return line
