#!/usr/bin/env python3
# The fleet feed's figures for BENCHMARKS.md ("Fleet feed"), against a real mosquitto on loopback:
#   1. broker to committed row: p50/p99 over 1,000 single-item updates 120 ms apart (publish →
#      the row is readable in the feed's database, polled every 0.2 ms by this script);
#   2. 100,000 retained items into an empty kiosk: feed start → the last row committed, and how
#      many commits that took;
#   3. the idle feed's cost: CPU ms per minute and wakeups (context switches) per second;
#   4. the app's frames while the 100,000 items arrive: a headless `run` on the feed's database,
#      its frame time p99/max (`ctl status`) against the same app taking 40 single updates;
#   5. scale: N feeds (default 50), each with its own database, start at once against one broker
#      holding a 10,000-item catalogue: time until every database has every item, broker CPU.
# Usage: packaging/feed-bench.py BINARY [--idle-seconds 60] [--feeds 50] [--only 4,5]
#   (BINARY: a built swipe-kiosk)
# Publishes through libmosquitto (ctypes), the library the feed uses. Python standard library only.
import argparse
import ctypes
import json
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
        self.published = 0
        self.callback = PUBLISHED(self._acked)
        self.handle = lib.mosquitto_new(b"bench", True, None)
        lib.mosquitto_int_option(self.handle, 5, 1000)  # MOSQ_OPT_SEND_MAXIMUM
        lib.mosquitto_publish_callback_set(self.handle, self.callback)
        assert lib.mosquitto_connect(self.handle, b"127.0.0.1", port, 60) == 0
        assert lib.mosquitto_loop_start(self.handle) == 0

    def _acked(self, _handle, _context, _mid):
        self.acked += 1

    def publish(self, topic, payload):
        self.published += 1
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


def start_feed(binary, directory, port, name, prefix="swipe-kiosk", database=None):
    config = os.path.join(directory, name + ".toml")
    with open(config, "w") as f:
        f.write('[feed]\nbroker = "mqtt://127.0.0.1:%d"\nkiosk_id = "%s"\nprefix = "%s"\n' % (port, name, prefix))
    database = database or os.path.join(directory, name + ".sqlite3")
    log = open(os.path.join(directory, name + ".feed.log"), "w")
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


def count_rows(database):
    try:
        db = sqlite3.connect("file:%s?mode=ro" % database, uri=True, timeout=5)
        try:
            return db.execute("SELECT count(*) FROM items").fetchone()[0]
        finally:
            db.close()
    except sqlite3.OperationalError:
        return 0  # not created yet, or the schema is being created


def latency(args, directory, port, publisher):
    """1. Broker to committed row over 1,000 isolated single-item updates."""
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
        statistics.median(latencies), latencies[int(len(latencies) * 0.99) - 1], latencies[-1]), flush=True)
    feed.terminate()
    feed.wait()


def publish_catalogue(publisher, prefix, count):
    for n in range(count):
        publisher.publish("%s/lists/inbox/items/item-%d" % (prefix, n), item("Item %d" % n, 1))
    publisher.wait_acked(publisher.published)


def burst_and_idle(args, directory, port, publisher):
    """2. and 3.: 100,000 retained items into an empty kiosk, then the idle feed's cost."""
    count = 100_000
    publish_catalogue(publisher, "swipe-kiosk", count)
    start = time.monotonic()
    feed, database = start_feed(args.binary, directory, port, "burst")
    while count_rows(database) < count:
        time.sleep(0.01)
    print("100000 retained items: start_to_last_commit_s=%.2f" % (time.monotonic() - start), flush=True)
    time.sleep(5)
    cpu0, switches0 = cpu_and_switches(feed.pid)
    time.sleep(args.idle_seconds)
    cpu1, switches1 = cpu_and_switches(feed.pid)
    print("idle: cpu_ms_per_min=%.1f wakeups_per_s=%.2f" % (
        (cpu1 - cpu0) * 60 / args.idle_seconds, (switches1 - switches0) / args.idle_seconds), flush=True)
    feed.terminate()
    feed.wait()
    with open(os.path.join(directory, "burst.feed.log")) as f:
        print([line.strip() for line in f if "stopped" in line][-1], flush=True)


class HeadlessApp:
    """`swipe-kiosk run --backend headless` at 1280x800 on an empty database, with its control socket."""

    def __init__(self, binary, directory, name):
        self.binary = binary
        self.database = os.path.join(directory, name + ".sqlite3")
        self.socket = os.path.join(directory, name + ".sock")
        config = os.path.join(directory, name + "-app.toml")
        open(config, "w").close()
        subprocess.run([binary, "init-db", "--database", self.database, "--config", config], check=True,
                       stdout=subprocess.DEVNULL)
        self.process = subprocess.Popen([binary, "run", "--backend", "headless", "--size", "1280x800", "--database",
                                         self.database, "--config", config, "--control-socket", self.socket],
                                        stdout=subprocess.DEVNULL, stderr=open(self.database + ".app.log", "w"))
        while self.status() is None:
            time.sleep(0.05)

    def status(self):
        run = subprocess.run([self.binary, "ctl", "--socket", self.socket, "status"], capture_output=True, text=True)
        return json.loads(run.stdout) if run.returncode == 0 else None

    def frames(self):
        status = self.status()
        return "frames=%d frame_p99_ms=%s frame_max_ms=%s" % (
            status["frames"], status.get("frame_p99_ms"), status.get("frame_max_ms"))

    def stop(self):
        self.process.terminate()
        self.process.wait()


def app_frames(args, directory, port, publisher):
    """4. The app's frame times while 100,000 retained items arrive, against single updates."""
    usual = HeadlessApp(args.binary, directory, "usual")
    print("app at start: " + usual.frames(), flush=True)
    feed, _ = start_feed(args.binary, directory, port, "usual", prefix="usual", database=usual.database)
    time.sleep(2)
    for n in range(40):
        publisher.publish("usual/lists/inbox/items/u-%d" % n, item("Single update %d" % n, 1))
        time.sleep(0.5)
    time.sleep(2)
    print("40 single updates 0.5 s apart: " + usual.frames(), flush=True)
    feed.terminate()
    feed.wait()
    usual.stop()

    count = 100_000
    if publisher.published < count:
        publish_catalogue(publisher, "swipe-kiosk", count)
    burst = HeadlessApp(args.binary, directory, "burst-app")
    print("app at start: " + burst.frames(), flush=True)
    start = time.monotonic()
    feed, _ = start_feed(args.binary, directory, port, "burst-feed", database=burst.database)
    while count_rows(burst.database) < count:
        time.sleep(0.05)
    committed = time.monotonic() - start
    time.sleep(3)
    status = burst.status()
    print("100000 retained items with the app on screen: start_to_last_commit_s=%.2f app shows %s items; %s" % (
        committed, status["items"].get("inbox"), burst.frames()), flush=True)
    feed.terminate()
    feed.wait()
    burst.stop()


def scale(args, directory, port, publisher):
    """5. N feeds, one broker, one 10,000-item catalogue: convergence time and broker CPU."""
    count = 10_000
    publish_catalogue(publisher, "scale", count)
    broker_cpu0, _ = cpu_and_switches(args.broker_pid)
    start = time.monotonic()
    feeds = [start_feed(args.binary, directory, port, "scale-%d" % n, prefix="scale") for n in range(args.feeds)]
    pending = {database for _, database in feeds}
    while pending:
        pending = {database for database in pending if count_rows(database) < count}
        time.sleep(0.1)
    converged = time.monotonic() - start
    broker_cpu1, _ = cpu_and_switches(args.broker_pid)
    feeds_cpu = sum(cpu_and_switches(feed.pid)[0] for feed, _ in feeds)
    rss = max(int(open("/proc/%d/status" % feed.pid).read().split("VmHWM:")[1].split()[0]) for feed, _ in feeds)
    broker_rss = int(open("/proc/%d/status" % args.broker_pid).read().split("VmHWM:")[1].split()[0])
    print("scale: feeds=%d items_each=%d converged_s=%.2f broker_cpu_s=%.2f broker_peak_rss_mb=%.1f feeds_cpu_s=%.2f "
          "feed_peak_rss_mb=%.1f" % (args.feeds, count, converged, (broker_cpu1 - broker_cpu0) / 1000, broker_rss / 1024,
                                     feeds_cpu / 1000, rss / 1024), flush=True)
    for feed, _ in feeds:
        feed.terminate()
    for feed, _ in feeds:
        feed.wait()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--idle-seconds", type=int, default=60)
    parser.add_argument("--feeds", type=int, default=50)
    parser.add_argument("--only", default="1,2,3,4,5", help="the sections to run (2 and 3 run together)")
    args = parser.parse_args()
    sections = set(args.only.split(","))
    directory = tempfile.mkdtemp(prefix="feed-bench-")
    port = free_port()
    conf = os.path.join(directory, "mosquitto.conf")
    with open(conf, "w") as f:
        # max_queued_messages: README "Fleets" (mosquitto drops a subscriber's messages beyond it).
        f.write("listener %d 127.0.0.1\nallow_anonymous true\npersistence false\nmax_queued_messages 200000\nuser %s\n"
                % (port, os.getlogin() if os.getuid() else "root"))
    broker = subprocess.Popen(["/usr/sbin/mosquitto", "-c", conf], stderr=subprocess.DEVNULL)
    args.broker_pid = broker.pid
    time.sleep(0.5)
    publisher = Publisher(port)
    try:
        if "1" in sections:
            latency(args, directory, port, publisher)
        if sections & {"2", "3"}:
            burst_and_idle(args, directory, port, publisher)
        if "4" in sections:
            app_frames(args, directory, port, publisher)
        if "5" in sections:
            scale(args, directory, port, publisher)
    finally:
        broker.kill()
        broker.wait()
        lib.mosquitto_disconnect(publisher.handle)


if __name__ == "__main__":
    main()
