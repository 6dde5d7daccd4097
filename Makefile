# SwipeKiosk build entry points. `make run` starts the app, `make test` passes every test.
# Both install the Debian packages they need when run as root (CI and a fresh machine).

SWIFT        ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
PREFIX       ?= /usr/local
DESTDIR      ?=
BUILD_FLAGS  ?=
SYSCONFDIR   ?= /etc
RELEASE_BIN   = .build/release/swipe-kiosk
DEBUG_BIN     = .build/debug/swipe-kiosk

# Build and run-time Debian packages (C libraries come from Debian, never vendored).
DEB_BUILD = pkg-config libinput-dev libudev-dev libdrm-dev libfreetype-dev libharfbuzz-dev \
            libfribidi-dev libpng-dev libsqlite3-dev
DEB_BUILD += libfontconfig-dev libicu-dev
DEB_BUILD += libturbojpeg0-dev libwebp-dev
# Speech: espeak-ng synthesises, ALSA plays; espeak-ng-data holds the voices the library loads
# at run time (a Depends: of the .deb, which dpkg-shlibdeps cannot find).
DEB_BUILD += libespeak-ng-dev libasound2-dev espeak-ng-data
# The fleet feed's MQTT client (KioskFeed); its tests start a real broker and make TLS files.
DEB_BUILD += libmosquitto-dev
DEB_FEED_TEST = mosquitto mosquitto-clients openssl
# Fonts for text the shipped ones cannot draw (CJK, Thai, Indic, emoji): Recommends: of the
# .deb (the app runs without them, drawing boxes), needed by the tests' golden images.
DEB_FONTS = fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji

# Where `make install` puts things (systemd, udev, sysusers and tmpfiles all search
# $(PREFIX)/lib for PREFIX=/usr and /usr/local). The .deb is a PREFIX=/usr install.
UNITDIR     = $(PREFIX)/lib/systemd/system
DATADIR     = $(PREFIX)/share/swipe-kiosk
DOCDIR      = $(PREFIX)/share/doc/swipe-kiosk
# The lock-down's drop-ins (docs/OPERATIONS.md "Security"): vendor files that /etc overrides.
LOCKDOWN_LOGIND = $(PREFIX)/lib/systemd/logind.conf.d/50-swipe-kiosk.conf
LOCKDOWN_SYSTEM = $(PREFIX)/lib/systemd/system.conf.d/50-swipe-kiosk.conf
LOCKDOWN_SYSCTL = $(PREFIX)/lib/sysctl.d/50-swipe-kiosk.conf
VERSION     = $(shell sed -n 's/.*static let version = "\(.*\)"/\1/p' Sources/KioskApp/Commands/KioskCommandLine.swift)
DEB_ARCH    = $(shell dpkg --print-architecture)
DEB_STAGE   = $(CURDIR)/.build/deb/stage
DEB_FILE    = out/swipe-kiosk_$(VERSION)_$(DEB_ARCH).deb

.PHONY: all build release static man run run-drm run-vm test test-layers test-unit test-systemd test-e2e bench bench-instructions install uninstall deb deps clean screenshots \
        arm64-binary deb-arm64 test-swift-6.0 test-arm64-headless

all: build

# $(call ensure_debs,PACKAGES): installs the missing Debian packages with apt-get as root,
# otherwise names them and the command to run, and fails.
define ensure_debs
	@missing=""; for p in $(1); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "make: installing Debian packages:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	  else \
	    echo "make: missing Debian packages:$$missing"; \
	    echo "make: install them with: sudo apt-get install$$missing"; exit 1; \
	  fi; \
	fi
endef

deps:
	$(call ensure_debs,$(DEB_BUILD))
	$(call ensure_debs,$(DEB_FONTS))

build: deps
	$(SWIFT) build $(BUILD_FLAGS)

release: deps
	$(SWIFT) build -c release $(BUILD_FLAGS)

# What gets installed and booted: the Swift runtime linked in, only Debian C libraries dynamic.
static: deps
	$(SWIFT) build -c release --static-swift-stdlib $(BUILD_FLAGS)

# The man page, generated from the argument parser by swift-argument-parser's GenerateManual
# plugin (on the debug build): every subcommand and option with its --help text, so it cannot
# drift from the binary. Dated by the last commit, so the same tree gives the same page.
MAN_PAGE = .build/plugins/GenerateManual/outputs/swipe-kiosk/swipe-kiosk.1
MAN_DATE = $(shell git log -1 --format=%cs 2>/dev/null || date +%F)

man: deps
	$(SWIFT) package --allow-writing-to-package-directory generate-manual --configuration debug --date $(MAN_DATE)

# With a usable DRM card (/dev/dri/card* readable and writable) the app runs right here. Without
# one it runs inside the QEMU VM of the end-to-end tests (Debian kernel, bochs DRM driver,
# libinput; Tests/e2e/run_in_vm.py): in a QEMU window when $$DISPLAY or $$WAYLAND_DISPLAY is set,
# otherwise on VNC at localhost:5900 (it prints the connect command). Ctrl-C stops it.
RUN_VM_TOOLS = qemu-system-x86 gcc libc6-dev python3 $(if $(DISPLAY)$(WAYLAND_DISPLAY),qemu-system-gui)

run:
	@usable=""; for card in /dev/dri/card*; do [ -r "$$card" ] && [ -w "$$card" ] && usable=$$card; done; \
	if [ -n "$$usable" ]; then $(MAKE) --no-print-directory run-drm; else $(MAKE) --no-print-directory run-vm; fi

run-drm: release
	$(RELEASE_BIN) run --demo

run-vm: static
	$(call ensure_debs,$(RUN_VM_TOOLS))
	cd Tests/e2e && exec python3 run_in_vm.py --binary $(CURDIR)/$(RELEASE_BIN)

# The layers (docs/ARCHITECTURE.md): no target imports what the design forbids or what
# Package.swift does not declare; then the check's own test. Python only, no build: run first.
test-layers:
	python3 Tests/Layers/check_layers.py
	python3 -m unittest discover -s Tests/Layers

test-unit: deps
	$(call ensure_debs,$(DEB_FEED_TEST))
	$(SWIFT) build --build-tests $(BUILD_FLAGS)
	$(SWIFT) test --skip-build $(BUILD_FLAGS)

# The systemd units, without a VM: `systemd-analyze verify` must be clean and `systemd-analyze
# security` must rate each 3.0 or lower (exposure; lower is better), and the out-of-service
# unit's hardening lines (DevicePolicy= to UMask=) must equal the kiosk unit's. Checked on the
# units as `make deb` stages them, with ExecStart= moved into the stage so the binary is found.
# systemd-analyze's --threshold counts in tenths: 30 is an exposure of 3.0. The feed's unit is
# verified and rated too; its hardening differs by design (no devices, IP networking).
SECURITY_THRESHOLD = 30
SYSTEMD_UNITS = swipe-kiosk.service swipe-kiosk-out-of-service.service swipe-kiosk-feed.service
SAME_HARDENING = swipe-kiosk.service swipe-kiosk-out-of-service.service

test-systemd: deb
	@for unit in $(SYSTEMD_UNITS); do \
	  sed 's|/usr/bin/swipe-kiosk|$(DEB_STAGE)/usr/bin/swipe-kiosk|' $(DEB_STAGE)/usr/lib/systemd/system/$$unit > .build/deb/$$unit; \
	  sed -n '/^DevicePolicy=/,/^UMask=/p' .build/deb/$$unit > .build/deb/$$unit.hardening; \
	done
	@cd .build/deb && out=$$(systemd-analyze verify --man=no $(addprefix ./,$(SYSTEMD_UNITS)) 2>&1) && [ -z "$$out" ] \
	  || { echo "$$out"; echo "test-systemd: systemd-analyze verify is not clean"; exit 1; }
	@for unit in $(SYSTEMD_UNITS); do \
	  out=$$(systemd-analyze security --offline=true --threshold=$(SECURITY_THRESHOLD) .build/deb/$$unit) \
	  || { echo "$$out"; echo "test-systemd: exposure of $$unit above $(SECURITY_THRESHOLD)/10"; exit 1; }; echo "$$out" | tail -1; \
	done
	@cd .build/deb && diff -u $(addsuffix .hardening,$(SAME_HARDENING)) \
	  || { echo "test-systemd: the units' hardening lines differ"; exit 1; }
	@echo "test-systemd: systemd-analyze verify clean, hardening the same in both kiosk units"
	@zcat $(DEB_STAGE)/usr/share/man/man1/swipe-kiosk.1.gz | grep -q '^\.Nm swipe-kiosk' \
	  || { echo "test-systemd: the package has no swipe-kiosk(1) man page"; exit 1; }
	@echo "test-systemd: the package installs swipe-kiosk(1)"

# End to end on a real kernel (Tests/e2e, docs/TESTING.md): QEMU boots a Debian kernel with the bochs
# DRM driver; touch-test, list-outputs and list-inputs run there against uinput/virtio devices.
# Kernel, udev and busybox are fetched with `apt-get download` into ~/.cache/swipe-kiosk-e2e.
# The boot test installs the .deb into a debootstrap'ed Debian 12 (cached there as well).
# Xvfb, xwd/xwininfo and QEMU's GTK display: the `make run` test on a desktop (a QEMU window).
# test_firmware_vm.py boots a small kernel built here from Debian's linux-source (simpledrm, vkms).
# The aarch64 test (Tests/e2e/test_arm64_vm.py) boots trixie's arm64 kernel under qemu-system-aarch64
# into a debootstrap'ed trixie arm64 root (its second stage runs in that guest; cached) where the
# arm64 .deb is installed with apt; its packages come from the mirror of the arm64 build root.
E2E_TOOLS = qemu-system-x86 qemu-system-arm gcc libc6-dev python3 debootstrap e2fsprogs kmod \
            qemu-system-gui xvfb x11-utils x11-apps
# The QEMU-only kernel with simpledrm and vkms (Tests/e2e/customkernel.py), from Debian's source.
E2E_TOOLS += linux-source make bc bison flex libelf-dev libssl-dev
# The fleet feed's broker on the host, which the service VM reaches at 10.0.2.2 (test_service_vm.py).
E2E_TOOLS += mosquitto mosquitto-clients

test-e2e: deb deb-arm64
	$(call ensure_debs,$(E2E_TOOLS))
	cd Tests/e2e && python3 run_vm_tests.py --binary $(CURDIR)/$(RELEASE_BIN) --deb $(CURDIR)/$(DEB_FILE) \
	  --arm64-deb $(CURDIR)/out/swipe-kiosk_$(VERSION)_arm64.deb \
	  --arm64-root $$(cd $(CURDIR) && packaging/arm64/buildroot.sh $${XDG_CACHE_HOME:-$$HOME/.cache}/swipe-kiosk-arm64 "$(DEB_BUILD)")

test: test-layers test-unit test-swift-6.0 test-arm64-headless test-systemd test-e2e

# The README's pictures, rendered headless from the scripts in Tests/Screenshots.
screenshots: release
	$(RELEASE_BIN) replay Tests/Screenshots/README.touch --demo --out Tests/Screenshots
	$(RELEASE_BIN) replay Tests/Screenshots/rtl.touch --config Tests/Screenshots/rtl.toml --demo --out Tests/Screenshots
	$(RELEASE_BIN) replay Tests/Screenshots/photos.touch --config Tests/Screenshots/photos.toml \
	    --database Tests/Screenshots/photos.sqlite3 --out Tests/Screenshots

bench: release
	$(RELEASE_BIN) bench

# Instructions per 60 Hz frame of every `bench --scenario` at 800x480, 1280x800 and 1920x1080,
# counted by callgrind on a stripped copy of the shipped binary: (--frames 180 − --frames 60) / 120
# (packaging/bench-instructions.py, issue 26). The number that decides whether a frame got
# cheaper; BENCHMARKS.md keeps its table. Prints the table, writes out/bench-instructions.json.
BENCH_TOOLS = valgrind binutils python3

bench-instructions: static
	$(call ensure_debs,$(BENCH_TOOLS))
	python3 packaging/bench-instructions.py --binary $(RELEASE_BIN) --json out/bench-instructions.json

# The app, its units (ExecStart= follows PREFIX), user, directories, udev rules, the lock-down
# drop-ins (logind, system.conf, sysctl), fonts, docs and examples. The configuration is
# installed only when absent: an edited one is never replaced.
# On a live system then run: systemd-sysusers; systemd-tmpfiles --create; udevadm control
# --reload-rules; systemctl daemon-reload; systemctl enable --now swipe-kiosk (docs/OPERATIONS.md, "Deployment").
INSTALL_BUILD ?= static

install: $(INSTALL_BUILD) man
	install -D -m 0755 $(RELEASE_BIN) $(DESTDIR)$(PREFIX)/bin/swipe-kiosk
	install -d $(DESTDIR)$(PREFIX)/share/man/man1
	gzip -9n -c $(MAN_PAGE) > $(DESTDIR)$(PREFIX)/share/man/man1/swipe-kiosk.1.gz
	install -d $(DESTDIR)$(UNITDIR)
	sed 's|/usr/bin/swipe-kiosk|$(PREFIX)/bin/swipe-kiosk|' systemd/swipe-kiosk.service > $(DESTDIR)$(UNITDIR)/swipe-kiosk.service
	install -D -m 0644 systemd/sysusers.d/swipe-kiosk.conf $(DESTDIR)$(PREFIX)/lib/sysusers.d/swipe-kiosk.conf
	install -D -m 0644 systemd/tmpfiles.d/swipe-kiosk.conf $(DESTDIR)$(PREFIX)/lib/tmpfiles.d/swipe-kiosk.conf
	install -D -m 0644 systemd/udev/71-swipe-kiosk-drm.rules $(DESTDIR)$(PREFIX)/lib/udev/rules.d/71-swipe-kiosk-drm.rules
	install -D -m 0644 systemd/udev/71-swipe-kiosk-input.rules $(DESTDIR)$(PREFIX)/lib/udev/rules.d/71-swipe-kiosk-input.rules
	install -D -m 0644 systemd/udev/71-swipe-kiosk-sound.rules $(DESTDIR)$(PREFIX)/lib/udev/rules.d/71-swipe-kiosk-sound.rules
	sed 's|/usr/bin/swipe-kiosk|$(PREFIX)/bin/swipe-kiosk|' systemd/swipe-kiosk-out-of-service.service \
	  > $(DESTDIR)$(UNITDIR)/swipe-kiosk-out-of-service.service
	sed 's|/usr/bin/swipe-kiosk|$(PREFIX)/bin/swipe-kiosk|' systemd/swipe-kiosk-feed.service > $(DESTDIR)$(UNITDIR)/swipe-kiosk-feed.service
	install -D -m 0644 systemd/lockdown/logind.conf $(DESTDIR)$(LOCKDOWN_LOGIND)
	install -D -m 0644 systemd/lockdown/system.conf $(DESTDIR)$(LOCKDOWN_SYSTEM)
	install -D -m 0644 systemd/lockdown/sysctl.conf $(DESTDIR)$(LOCKDOWN_SYSCTL)
	install -d $(DESTDIR)$(DATADIR)/fonts $(DESTDIR)$(DOCDIR)/examples
	install -m 0644 Sources/Canvas/Fonts/* $(DESTDIR)$(DATADIR)/fonts/
	install -m 0644 systemd/udev/99-swipe-kiosk-touch.rules.example $(DESTDIR)$(DOCDIR)/examples/99-swipe-kiosk-touch.rules
	install -m 0644 Sources/KioskConfig/Examples/example.toml $(DESTDIR)$(DOCDIR)/examples/config.toml
	install -m 0644 README.md $(DESTDIR)$(DOCDIR)/README.md
	install -m 0644 docs/OPERATIONS.md docs/CONFIGURATION.md docs/INTEGRATION.md docs/RELIABILITY.md $(DESTDIR)$(DOCDIR)/
	[ -e $(DESTDIR)$(SYSCONFDIR)/swipe-kiosk/config.toml ] || \
	  install -D -m 0644 systemd/config.toml $(DESTDIR)$(SYSCONFDIR)/swipe-kiosk/config.toml

# Removes what `install` put down except the configuration and the state (the database).
uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/swipe-kiosk $(DESTDIR)$(UNITDIR)/swipe-kiosk.service \
	  $(DESTDIR)$(PREFIX)/lib/sysusers.d/swipe-kiosk.conf $(DESTDIR)$(PREFIX)/lib/tmpfiles.d/swipe-kiosk.conf \
	  $(DESTDIR)$(PREFIX)/lib/udev/rules.d/71-swipe-kiosk-drm.rules $(DESTDIR)$(PREFIX)/lib/udev/rules.d/71-swipe-kiosk-input.rules \
	  $(DESTDIR)$(PREFIX)/lib/udev/rules.d/71-swipe-kiosk-sound.rules \
	  $(DESTDIR)$(UNITDIR)/swipe-kiosk-out-of-service.service $(DESTDIR)$(UNITDIR)/swipe-kiosk-feed.service \
	  $(DESTDIR)$(LOCKDOWN_LOGIND) $(DESTDIR)$(LOCKDOWN_SYSTEM) $(DESTDIR)$(LOCKDOWN_SYSCTL) \
	  $(DESTDIR)$(PREFIX)/share/man/man1/swipe-kiosk.1.gz
	rm -rf $(DESTDIR)$(DATADIR) $(DESTDIR)$(DOCDIR)

# Debian package from a staged PREFIX=/usr install: Depends= from dpkg-shlibdeps (the exact
# Debian 12 library packages the binary links) and from libasound's shlibs (opened when speech
# first plays: packaging/shlibs-depends.sh), plus what else it opens only when used
# (libmosquitto1, libespeak-ng1 and the voices: systemd/debian/control.in), systemd, udev and
# init-system-helpers.
DEB_TOOLS = dpkg-dev

deb:
	$(call ensure_debs,$(DEB_TOOLS))
	rm -rf $(DEB_STAGE) && mkdir -p $(DEB_STAGE)/DEBIAN out
	$(MAKE) --no-print-directory install DESTDIR=$(DEB_STAGE) PREFIX=/usr SYSCONFDIR=/etc
	install -m 0755 systemd/debian/postinst systemd/debian/prerm systemd/debian/postrm $(DEB_STAGE)/DEBIAN/
	install -m 0644 systemd/debian/conffiles $(DEB_STAGE)/DEBIAN/
	mkdir -p .build/deb/shlibs/debian && touch .build/deb/shlibs/debian/control
	cd .build/deb/shlibs && shlibs='$(DEB_SHLIBS)' && \
	{ [ -n "$$shlibs" ] || shlibs="$$(dpkg-shlibdeps -O -e $(DEB_STAGE)/usr/bin/swipe-kiosk | sed 's/^shlibs:Depends=//'), $$($(CURDIR)/packaging/shlibs-depends.sh /var/lib/dpkg libasound 2)"; } && \
	sed -e 's/@VERSION@/$(VERSION)/' -e 's/@ARCH@/$(DEB_ARCH)/' -e "s/@SHLIBS@/$$shlibs/" \
	    -e "s/@SIZE@/$$(du -sk --exclude=DEBIAN $(DEB_STAGE) | cut -f1)/" \
	    $(CURDIR)/systemd/debian/control.in > $(DEB_STAGE)/DEBIAN/control
	dpkg-deb --build --root-owner-group $(DEB_STAGE) $(DEB_FILE)
	dpkg-deb --field $(DEB_FILE) Depends

# arm64 (Raspberry Pi OS / Debian 13) with Debian's Swift 6.0.3, cross-compiled in a cached
# Debian trixie build root against an arm64 sysroot, both made from the Debian mirror apt uses
# here (packaging/arm64/, docs/OPERATIONS.md "Raspberry Pi"). The cache is ~/.cache/swipe-kiosk-arm64.
# `deb-arm64` stages the arm64 binary like `deb` does, with Depends= from dpkg-shlibdeps run
# against the sysroot's packages.
ARM64_TOOLS = debootstrap rsync dpkg-dev util-linux
DEB_SHLIBS ?=

arm64-binary:
	$(call ensure_debs,$(ARM64_TOOLS))
	mkdir -p .build && packaging/arm64/build.sh arm64 "$(DEB_BUILD)" > .build/arm64-binary.path

deb-arm64: arm64-binary
	bin=$$(cat .build/arm64-binary.path) && $(MAKE) --no-print-directory deb DEB_ARCH=arm64 INSTALL_BUILD= \
	  RELEASE_BIN=$$bin DEB_SHLIBS="$$(cat $$bin.depends)"

# The arm64 binary (Swift 6.0.3, NEON kernels) under qemu-aarch64-static draws what the host's
# binary draws: 0 differing pixels and equal state dumps for the first screen, a tap and a swipe.
test-arm64-headless: arm64-binary build
	$(call ensure_debs,qemu-user-static python3)
	packaging/arm64/compare-headless.py $(DEBUG_BIN) $$(cat .build/arm64-binary.path) \
	  $$(packaging/arm64/buildroot.sh $${XDG_CACHE_HOME:-$$HOME/.cache}/swipe-kiosk-arm64 "$(DEB_BUILD)")

# The whole package, tests included, must compile with Debian 13's Swift 6.0.3 too.
test-swift-6.0:
	$(call ensure_debs,$(ARM64_TOOLS))
	packaging/arm64/build.sh amd64 "$(DEB_BUILD)"

clean:
	rm -rf .build
