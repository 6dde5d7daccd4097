"""Speech on a real kernel's ALSA (issue 25): the app runs on the bochs DRM screen with QEMU's
intel-hda + hda-duplex codec recorded by a `wav` audiodev, and with speech on-demand.
- A key of a uinput keypad (vinput keyboard on the virtio port touch0, so the host's write reaches
  it without a shell in between) starts speech, and the recording has it within 150 ms of the key
  (the median of five keys from silence; the very first key, which opens the device, is reported).
  How that is measured: QEMU appends the guest's audio to the WAV file in real time, so a thread on
  the host polls the file's size every 2 ms and keeps (host time, size). The key's time is the host's
  clock just before it writes the key to the port; the audio's time is when the file first held the
  first non-silent 5 ms window after the key. The figure therefore includes virtio delivery, evdev,
  the app, espeak-ng, ALSA, the HDA DMA and QEMU's audio timer (10 ms): an upper bound of "key to
  the first frame written to ALSA", within the 2 ms polling and the timer period.
- The next key cuts the phrase: the recording's last sound comes the second phrase's length after
  the second key, long before the first phrase would have ended (the natural lengths come from
  `replay --audio-out` of the same binary on the host).
- A uinput headphone jack (vinput jack, SW_HEADPHONE_INSERT only): the app logs it at start, and
  plugging it after the idle reset starts speech again without any key.
- Peak RSS of the speaking app against the same app with speech off: at most 10 MB more.
- Key to flip with speech on against speech off, the same ten keys, in turn (reported).
Two emulated CPUs, as every board the package installs on has two or more (vm.py's `cpus`).
One boot for the class (about a minute under TCG). The WAV header's sizes are written only when
QEMU quits cleanly, so the samples are read from byte 44 on whatever the header says."""
import array
import os
import subprocess
import tempfile
import threading
import time
import unittest
from pathlib import Path

import metrics
from vm import VM

W, H = 1024, 768
ASSETS = None  # (vmlinux, initrd), set by run_vm_tests.py
BINARY = None  # the host's swipe-kiosk (the one in the initramfs), set by run_vm_tests.py
WORKDIR = Path(os.environ.get("SWIPE_KIOSK_E2E_WORK", "/tmp/swipe-kiosk-e2e")) / "speech"
RATE, CHANNELS = 44_100, 2  # QEMU's wav audiodev defaults: S16, stereo, 44.1 kHz
FRAME = 2 * CHANNELS
WINDOW = RATE // 200  # 5 ms
LOUD = 500  # a window with a sample beyond this is sound (digital silence is 0)
KEY_TO_AUDIO_MS = 150  # EN 301 549 asks for no figure; issue 25's goal
GAP_S = 1.0  # from the first key (its phrase takes 8.5 s) to the one that cuts it
PHRASE_S = 2.5  # from a Delete key to the next ('Deleted. Undo available.' takes 1.7 s)
CONFIG = '[accessibility]\\nspeech = "on-demand"\\n[idle]\\nreset_after_s = 4\\n'
FIGURES = []  # printed by run_vm_tests.py


class WAVFollower:
    """Polls the growing WAV file from a thread: (host monotonic time, size) every 2 ms."""

    def __init__(self, path):
        self.path = path
        self.points = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self):
        while not self._stop.is_set():
            try:
                size = self.path.stat().st_size
            except FileNotFoundError:
                size = 0
            if not self.points or self.points[-1][1] != size:
                self.points.append((time.monotonic(), size))
            time.sleep(0.002)

    def size(self):
        return self.points[-1][1] if self.points else 0

    def time_of(self, offset):
        """When the file first held byte `offset` (None: not yet)."""
        return next((t for t, size in self.points if size > offset), None)

    def stop(self):
        self._stop.set()
        self._thread.join()


def loud_windows(path, start_byte, end_byte=None):
    """Byte offsets of the 5 ms windows with sound between the two offsets (frame aligned)."""
    data = path.read_bytes()
    start = 44 + max(0, start_byte - 44) // FRAME * FRAME
    end = len(data) if end_byte is None else min(len(data), end_byte)
    samples = array.array("h", data[start:end - (end - start) % FRAME])
    step = WINDOW * CHANNELS
    return [start + i * 2 for i in range(0, len(samples), step) if max(map(abs, samples[i:i + step]), default=0) > LOUD]


def replay_speech_end(script, config=CONFIG):
    """Seconds from the script's start to the last sound of `replay --audio-out` on the host."""
    with tempfile.TemporaryDirectory() as tmp:
        Path(tmp, "s.touch").write_text(script)
        Path(tmp, "c.toml").write_text(config.replace("\\n", "\n"))
        wav = Path(tmp, "s.wav")
        subprocess.run([BINARY, "replay", str(Path(tmp, "s.touch")), "--demo", "--config", str(Path(tmp, "c.toml")),
                        "--out", tmp, "--audio-out", str(wav)], check=True, capture_output=True)
        samples = array.array("h", wav.read_bytes()[44:])
        last = max((i for i, v in enumerate(samples) if abs(v) > LOUD), default=0)
        return last / 22_050  # replay's WAV: mono, 22,050 Hz


class SpeechVMTest(unittest.TestCase):
    peak_kb = 0  # the speaking app's VmHWM (test_1), for test_3
    @classmethod
    def setUpClass(cls):
        WORKDIR.mkdir(parents=True, exist_ok=True)
        cls.wav = WORKDIR / "speech.wav"
        cls.wav.unlink(missing_ok=True)
        # Two CPUs: every board the package installs on (arm64 or amd64) has two or more (the
        # Raspberry Pi 3 and Zero 2 W four), so the synthesis thread runs beside the UI loop,
        # not in its frames. On one emulated CPU key to flip while speaking was about twice that
        # of a silent app and key to sound 120-160 ms (BENCHMARKS.md, "Speech").
        cls.vm = VM(*ASSETS, WORKDIR, xres=W, yres=H, cpus=2, extra=[
            "-audiodev", f"wav,id=snd0,path={cls.wav}", "-device", "intel-hda", "-device", "hda-duplex,audiodev=snd0,mixer=off"])
        cls.follower = WAVFollower(cls.wav)
        cls.vm.wait_for("INIT DONE", what="guest boot")
        cls.vm.shell("cat /proc/asound/cards; ls /dev/snd")
        cls.vm.wait_for("HDA-Intel", what="the sound card")
        cls.vm.shell("mkfifo /run/jack; vinput jack /run/jack & vinput keyboard /dev/virtio-ports/touch0 &")
        cls.vm.wait_for("VINPUT jack ready")
        cls.vm.wait_for("VINPUT keyboard ready")
        cls.vm.shell(f"udevadm settle; printf '{CONFIG}' > /tmp/speech.toml; "
                     "swipe-kiosk run --demo --database /tmp/items.sqlite3 --config /tmp/speech.toml & echo $! > /run/app.pid")
        cls.vm.wait_for("kiosk running:", timeout=60, what="the app's running line")
        cls.vm.wait_for('input device added: name="vinput keyboard"', timeout=20)

    @classmethod
    def tearDownClass(cls):
        cls.follower.stop()
        try:
            cls.vm.shell("kill -TERM $(cat /run/app.pid)")
            cls.vm.qmp_command("quit")  # a clean quit writes the WAV header's sizes
            cls.vm.process.wait(timeout=10)
        finally:
            cls.vm.close()

    def press(self, key):
        """Writes `key` to the keypad; returns the host time just before."""
        self.vm.mark()
        at = time.monotonic()
        self.vm.send_touch(key)
        self.vm.wait_for("VINPUT keys 1", what=f"vinput to press {key}")
        return at

    def settle(self, seconds):
        time.sleep(seconds)
        return self.follower.size()

    def onset(self, start_byte, end_byte, key):
        """(ms from `key` to the first sound after byte `start_byte`, that sound's byte offset)."""
        windows = loud_windows(self.wav, start_byte, end_byte)
        self.assertTrue(windows, "no speech in the recording after the key")
        return (self.follower.time_of(windows[0] + WINDOW * FRAME) - key) * 1000, windows

    def test_1_a_key_speaks_within_150_ms_and_the_next_key_cuts_it(self):
        """The first key opens the ALSA device and runs espeak-ng's first synthesis (reported, not
        held to 150 ms) and its long phrase is cut by Delete; then five Deletes from silence,
        the case a person meets every time after, must each be heard, with a median within 150 ms
        (TCG on a shared host varies by tens of ms from run to run: five keys, not three, so that
        one slow key moves the median less)."""
        before = self.settle(1.0)
        self.assertEqual(loud_windows(self.wav, 44, before), [], "on-demand: silent before any key")
        key1 = self.press("down")
        time.sleep(GAP_S - (time.monotonic() - key1))
        key2 = self.press("delete")
        quiet = self.settle(PHRASE_S - (time.monotonic() - key2))
        cold_ms, windows = self.onset(before, quiet, key1)
        last = self.follower.time_of(windows[-1])
        alone = replay_speech_end("size 1024x768\nat 0 key DOWN\nat 30000 end\n", config="")  # no idle reset to cut it
        deleted = replay_speech_end(f"size 1024x768\nat 0 key DOWN\nat {int(GAP_S * 1000)} key DELETE\nat 30000 end\n") - GAP_S
        self.assertLess(last - key1, alone - 2.0, "the second key cut the first phrase short")
        self.assertAlmostEqual(last - key2, deleted, delta=0.4, msg="after the cut, the second phrase whole")
        cpu0, _, up0 = metrics.snapshot(self.vm, "SPEECH-BEFORE")
        latencies = []
        for _ in range(5):
            start = self.settle(0.5)
            self.assertEqual(loud_windows(self.wav, quiet, start), [], "silence before the key")
            key = self.press("delete")
            quiet = self.settle(PHRASE_S - (time.monotonic() - key))
            latencies.append(self.onset(start, quiet, key)[0])
        cpu1, _, up1 = metrics.snapshot(self.vm, "SPEECH-AFTER")
        self.vm.shell("grep VmHWM /proc/$(cat /run/app.pid)/status")
        peak = self.vm.wait_for("VmHWM", what="the app's peak RSS")
        type(self).peak_kb = int(peak.split()[1])
        FIGURES.append(("key to audio in the recording", f"first key {cold_ms:.0f} ms (device opened, first synthesis); "
                        f"from silence {', '.join(f'{ms:.0f}' for ms in latencies)} ms; the cut phrase ended "
                        f"{last - key1:.2f} s after its key (alone {alone:.2f} s), the next {last - key2:.2f} s after "
                        f"its key (replay: {deleted:.2f} s)"))
        FIGURES.append(("CPU while speaking", f"{(cpu1 - cpu0) * metrics.CLOCK_TICK_MS / (up1 - up0):.0f} ms per s "
                        f"over {up1 - up0:.1f} s, five 1.7 s phrases (TCG)"))
        self.assertLessEqual(sorted(latencies)[2], KEY_TO_AUDIO_MS, f"key to speech in QEMU's recording: {latencies}")

    def test_2_plugging_headphones_starts_speech(self):
        before = self.settle(5.0)  # past the idle reset (4 s after the last key): speech is off
        self.vm.mark()
        self.vm.shell("echo in > /run/jack")
        end = self.settle(3.0)
        self.assertTrue(loud_windows(self.wav, before, end), "the plug started speech (the page's title)")
        self.vm.wait_for("input: headphone in", timeout=10, what="the app's log of the plug")
        jack = next((line for line in self.vm.lines if "headphone jack on /dev/input/event" in line), "")
        self.assertIn('"vinput jack"): empty', jack, "the jack is logged at start, empty")
        # What 71-swipe-kiosk-input.rules hands to the service user: a switch with no keys.
        self.vm.mark()
        self.vm.shell(f"udevadm info --query=property {jack.split(' on ')[1].split()[0]} | grep ^ID_INPUT | tr '\\n' ' '; echo UDEV-END")
        properties = self.vm.wait_for("UDEV-END", what="the jack's udev properties")
        self.assertIn("ID_INPUT_SWITCH=1", properties)
        self.assertNotIn("ID_INPUT_KEY=1", properties)

    def flips_at_exit(self):
        """Stops the app; (p50, p99, events) of its key-to-flip histogram, as it logs them at exit."""
        self.vm.mark()
        self.vm.shell("kill -TERM $(cat /run/app.pid); wait $(cat /run/app.pid)")
        return metrics.latency_ms(self.vm.wait_for(lambda l: "touch-to-flip:" in l and "in all" in l, what="the exit figures"))

    def test_3_speech_costs_at_most_10_mb_of_peak_rss(self):
        """The app again with speech off, on the same screen and data, the same seven keys: its peak
        RSS against the peak of the speaking app of test_1 (espeak-ng loaded, seven phrases said)."""
        self.assertTrue(self.peak_kb, "test_1 measured the speaking app")
        self.flips_at_exit()
        self.vm.shell("printf '[accessibility]\\nspeech = \"off\"\\n' > /tmp/off.toml; rm -f /tmp/items.sqlite3*; "
                      "swipe-kiosk run --demo --database /tmp/items.sqlite3 --config /tmp/off.toml & echo $! > /run/app.pid")
        self.vm.wait_for("start-up: first frame", timeout=60, what="the silent app's first frame")
        for key in ("down",) + ("delete",) * 6:
            self.press(key)
            time.sleep(1.0)
        self.vm.shell("grep VmHWM /proc/$(cat /run/app.pid)/status")
        silent_kb = int(self.vm.wait_for("VmHWM", what="the silent app's peak RSS").split()[1])
        self.flips_at_exit()
        FIGURES.append(("peak RSS", f"{self.peak_kb} kB speaking, {silent_kb} kB with speech off "
                        f"(+{(self.peak_kb - silent_kb) / 1024:.1f} MB)"))
        self.assertLessEqual(self.peak_kb - silent_kb, 10 * 1024, "espeak-ng and the audio path cost at most 10 MB")

    def keys_to_flip(self, speech):
        """Starts the app with `[accessibility] speech`, presses the same ten keys 0.8 s apart
        (each Delete says the toast and the next row, cutting the phrase before), stops it: the
        (p50, p99, events) of its key-to-flip histogram."""
        self.vm.mark()
        self.vm.shell(f"printf '[accessibility]\\nspeech = \"{speech}\"\\n' > /tmp/keys.toml; rm -f /tmp/items.sqlite3*; "
                      "swipe-kiosk run --demo --database /tmp/items.sqlite3 --config /tmp/keys.toml & echo $! > /run/app.pid")
        self.vm.wait_for("start-up: first frame", timeout=60, what=f"the first frame with speech {speech}")
        self.vm.wait_for('input device added: name="vinput keyboard"', timeout=20, what="the keypad reaching the app")
        time.sleep(1.0)
        for key in ("down",) + ("delete",) * 9:
            self.press(key)
            time.sleep(0.8)
        p50, p99, keys = self.flips_at_exit()
        self.assertEqual(keys, 10, f"every key measured (speech {speech})")
        return p50, p99, keys

    def test_4_key_to_flip_speaking_and_silent(self):
        """Key to flip with every key spoken against speech off: the same ten keys on a fresh app,
        speaking and silent in turn, twice (drift on the shared host falls on both). The figures
        are reported, not held to a bound (ten keys a run under TCG on a shared host are too few);
        that every key reached the app and was measured is asserted."""
        runs = [(speech, *self.keys_to_flip(speech)) for speech in ("on", "off", "on", "off")]
        FIGURES.append(("key to flip", "; ".join(f"speech {speech} p50 {p50} ms, p99 {p99} ms ({n} keys)"
                                                 for speech, p50, p99, n in runs)))
