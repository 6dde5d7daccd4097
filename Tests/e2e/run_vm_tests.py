#!/usr/bin/env python3
"""Entry point of `make test-e2e`: prepares the cached kernel + initramfs around the given
swipe-kiosk binary, the Debian root file system with the given .deb installed and the trixie
arm64 root file system with the arm64 .deb (each only when a selected test boots it), runs the VM
tests and prints `N passed, N failed` and the wall time."""
import argparse
import sys
import time
import unittest

import metrics
import rootfs
import rootfs_arm64
import test_app_vm
import test_arm64_vm
import customkernel
import test_drivers_vm
import test_firmware_vm
import test_kiosk_vm
import test_run_in_vm
import test_service_vm
import test_session_vm
import vmassets


class TimedResult(unittest.TextTestResult):
    """Prints each test's wall time after its verdict (a class's boot in setUpClass is not in it)."""

    def startTest(self, test):
        self._started = time.monotonic()
        super().startTest(test)

    def stopTest(self, test):
        self.stream.writeln(f"    {test.id()}: {time.monotonic() - self._started:.1f} s")
        super().stopTest(test)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True, help="swipe-kiosk built with --static-swift-stdlib")
    parser.add_argument("--deb", required=True, help="swipe-kiosk_*.deb from `make deb` (boot test)")
    parser.add_argument("--arm64-deb", required=True, help="swipe-kiosk_*_arm64.deb from `make deb-arm64`")
    parser.add_argument("--arm64-root", required=True, help="the trixie build root (packaging/arm64/buildroot.sh)")
    parser.add_argument("-k", dest="pattern", help="only tests whose name contains this (or one of these, comma-separated)")
    options = parser.parse_args()
    started = time.monotonic()
    suite = unittest.TestSuite()
    for module in (test_kiosk_vm, test_app_vm, test_drivers_vm, test_firmware_vm, test_session_vm, test_run_in_vm,
                   test_service_vm, test_arm64_vm):
        suite.addTests(unittest.defaultTestLoader.loadTestsFromModule(module))
    # One flat suite of test cases (unittest still runs each class's setUpClass once, in order).
    patterns = options.pattern.split(",") if options.pattern else []
    suite = unittest.TestSuite(t for t in suite for t in t if not patterns or any(p in t.id() for p in patterns))
    modules = {t.id().split(".")[0] for t in suite}  # only what the selected tests boot is prepared
    test_kiosk_vm.ASSETS = test_app_vm.ASSETS = vmassets.prepare(options.binary)
    test_app_vm.BINARY = test_run_in_vm.BINARY = test_service_vm.BINARY = options.binary
    if "test_firmware_vm" in modules:
        test_firmware_vm.KERNEL = customkernel.prepare()
    if "test_service_vm" in modules:
        test_service_vm.BOOT = rootfs.prepare(options.deb, test_service_vm.APP_COMMAND)
    if "test_arm64_vm" in modules:
        test_arm64_vm.BOOT = rootfs_arm64.prepare(options.arm64_deb, options.arm64_root)
    print(f"e2e: assets ready in {time.monotonic() - started:.1f} s", flush=True)
    result = unittest.TextTestRunner(verbosity=2, resultclass=TimedResult).run(suite)
    failed = len(result.failures) + len(result.errors)
    for name, figures in test_app_vm.FIGURES:
        print(f"e2e: DRM vs headless, {name}: {figures}")
    for line in metrics.LINES:
        print(line)
    print(f"e2e: {result.testsRun - failed} passed, {failed} failed in {time.monotonic() - started:.1f} s")
    return 1 if failed or result.testsRun == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
