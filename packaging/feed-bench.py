#!/usr/bin/env python3
# The fleet feed's figures for BENCHMARKS.md ("Fleet feed"), against a real mosquitto on loopback:
#   1. broker to committed row: p50/p99 over 1,000 single-item updates 120 ms apart (publish →
#      the row is readable in the feed's database, polled every 0.2 ms by this script);
#   2. 100,000 retained items into an empty kiosk: feed start → the last row committed, and how
#      many commits that took;
#   3. the idle feed's cost: CPU ms per minute and wakeups (context switches) per second.
# Usage: packaging/feed-bench.py BINARY [--idle-seconds 60]   (BINARY: a built swipe-kiosk)
# Publishes through libmosquitto (ctypes), the library the feed uses. Python standard library only.
import argparse
import ctypes
import os
import socket
import sqlite3
import statistics
import subprocess
import tempfile
import time

lib = ctypes.CDLL("libmosquitto.so.1")
lib.mosquitto_new.restype = ctypes.c_void_p
lib.mosquitto_new.argtypes = [ctypes.c_char_p, ctypes.c_bool, ctypes.c_void_p]
for name in ["mosquitto_connect", "mosquitto_loop_start", "mosquitto_publish", "mosquitto_disconnect",
             "mosquitto_loop_stop", "mosquitto_int_option", "mosquitto_publish_callback_set"]:
    getattr(lib, name).restype = ctypes.c_int
lib.mosquitto_connect.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int, ctypes.c_int]
lib.mosquitto_loop_start.argtypes = [ctypes.c_void_p]
lib.mosquitto_publish.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p,
                                  ctypes.c_int, ctypes.c_bool]
lib.mosquitto_int_option.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int]
lib.mosquitto_disconnect.argtypes = [ctypes.c_void_p]
PUBLISHED = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int)
lib.mosquitto_publish_callback_set.argtypes = [ctypes.c_void_p, PUBLISHED]


class Publisher:
    def __init__(self, port):
        lib.mosquitto_lib_init()
        self.acked = 0
        self.callback = PUBLISHED(self._acked)
        self.handle = lib.mosquitto_new(b"bench", True, None)
        lib.mosquitto_int_option(self.handle, 5, 1000)  # MOSQ_OPT_SEND_MAXIMUM
        lib.mosquitto_publish_callback_set(self.handle, self.callback)
        assert lib.mosquitto_connect(self.handle, b"127.0.0.1", port, 60) == 0
        assert lib.mosquitto_loop_start(self.handle) == 0

    def _acked(self, _handle, _context, _mid):
        self.acked += 1

    def publish(self, topic, payload):
        assert lib.mosquitto_publish(self.handle, None, topic.encode(), len(payload), payload, 1, True) == 0

    def wait_acked(self, count):
        while self.acked < count:
            time.sleep(0.01)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def item(title, updated_at):
    return ('{"title":"%s","subtitle":"bench","updated_at":%d}' % (title, updated_at)).encode()


def start_feed(binary, directory, port, name):
    config = os.path.join(directory, name + ".toml")
    with open(config, "w") as f:
        f.write('[feed]\nbroker = "mqtt://127.0.0.1:%d"\nkiosk_id = "%s"\n' % (port, name))
    database = os.path.join(directory, name + ".sqlite3")
    log = open(database + ".log", "w")
    process = subprocess.Popen([binary, "feed", "--config", config, "--database", database], stderr=log, stdout=log)
    while not os.path.exists(database):
        time.sleep(0.01)
    return process, database


def cpu_and_switches(pid):
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    ticks = int(fields[11]) + int(fields[12])  # utime + stime
    switches = 0
    for task in os.listdir("/proc/%d/task" % pid):
        with open("/proc/%d/task/%s/status" % (pid, task)) as f:
            for line in f:
                if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")):
                    switches += int(line.split()[1])
    return ticks * 1000 / os.sysconf("SC_CLK_TCK"), switches


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--idle-seconds", type=int, default=60)
    args = parser.parse_args()
    directory = tempfile.mkdtemp(prefix="feed-bench-")
    port = free_port()
    conf = os.path.join(directory, "mosquitto.conf")
    with open(conf, "w") as f:
        # max_queued_messages: README "Fleets" (mosquitto drops a subscriber's messages beyond it).
        f.write("listener %d 127.0.0.1\nallow_anonymous true\npersistence false\nmax_queued_messages 200000\nuser %s\n"
                % (port, os.getlogin() if os.getuid() else "root"))
    broker = subprocess.Popen(["/usr/sbin/mosquitto", "-c", conf], stderr=subprocess.DEVNULL)
    time.sleep(0.5)
    publisher = Publisher(port)
    try:
        # 1. Latency of single updates.
        feed, database = start_feed(args.binary, directory, port, "latency")
        time.sleep(1)
        db = sqlite3.connect("file:%s?mode=ro" % database, uri=True)
        latencies = []
        for n in range(1, 1001):
            start = time.monotonic()
            publisher.publish("swipe-kiosk/lists/inbox/items/lat", item("Update %d" % n, n))
            while True:
                row = db.execute("SELECT updated_at FROM items WHERE id = 'lat'").fetchone()
                if row and row[0] == n:
                    break
                time.sleep(0.0002)
            latencies.append((time.monotonic() - start) * 1000)
            time.sleep(0.12)  # isolated updates: a stream faster than 10 a second is committed every 100 ms
        latencies.sort()
        print("single updates: n=1000 p50_ms=%.2f p99_ms=%.2f max_ms=%.2f" % (
            statistics.median(latencies), latencies[int(len(latencies) * 0.99) - 1], latencies[-1]))
        feed.terminate()
        feed.wait()

        # 2. 100,000 retained items into an empty kiosk.
        count = 100_000
        for n in range(count):
            publisher.publish("swipe-kiosk/lists/inbox/items/item-%d" % n, item("Item %d" % n, 1))
        publisher.wait_acked(1000 + count)
        start = time.monotonic()
        feed, database = start_feed(args.binary, directory, port, "burst")
        db = sqlite3.connect("file:%s?mode=ro" % database, uri=True)
        while True:
            try:
                if db.execute("SELECT count(*) FROM items").fetchone()[0] >= count:
                    break
            except sqlite3.OperationalError:
                pass  # the schema is being created
            time.sleep(0.01)
        print("100000 retained items: start_to_last_commit_s=%.2f" % (time.monotonic() - start))

        # 3. Idle cost.
        time.sleep(5)
        cpu0, switches0 = cpu_and_switches(feed.pid)
        time.sleep(args.idle_seconds)
        cpu1, switches1 = cpu_and_switches(feed.pid)
        print("idle: cpu_ms_per_min=%.1f wakeups_per_s=%.2f" % (
            (cpu1 - cpu0) * 60 / args.idle_seconds, (switches1 - switches0) / args.idle_seconds))
        feed.terminate()
        feed.wait()
        with open(database + ".log") as f:
            print([line.strip() for line in f if "stopped" in line][-1])
    finally:
        broker.kill()
        broker.wait()
        lib.mosquitto_disconnect(publisher.handle)


if __name__ == "__main__":
    main()
