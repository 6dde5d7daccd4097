# SwipeKiosk build entry points. `make run` starts the app, `make test` passes every test.
# Both install the Debian packages they need when run as root (CI and a fresh machine).

SWIFT        ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
PREFIX       ?= /usr/local
DESTDIR      ?=
BUILD_FLAGS  ?=
RELEASE_BIN   = .build/release/swipe-kiosk
DEBUG_BIN     = .build/debug/swipe-kiosk

# Build and run-time Debian packages (C libraries come from Debian, never vendored).
DEB_BUILD = pkg-config libinput-dev libudev-dev libdrm-dev libfreetype-dev libharfbuzz-dev \
            libfribidi-dev libpng-dev libsqlite3-dev

.PHONY: all build release run test test-unit test-e2e bench install uninstall deps clean

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

build: deps
	$(SWIFT) build $(BUILD_FLAGS)

release: deps
	$(SWIFT) build -c release $(BUILD_FLAGS)

run: release
	$(RELEASE_BIN) run

test-unit: deps
	$(SWIFT) build --build-tests $(BUILD_FLAGS)
	$(SWIFT) test --skip-build $(BUILD_FLAGS)

# End to end on a real kernel (Tests/e2e, vm-e2e.md): QEMU boots a Debian kernel with the bochs
# DRM driver; touch-test, list-outputs and list-inputs run there against uinput/virtio devices.
# Kernel, udev and busybox are fetched with `apt-get download` into ~/.cache/swipe-kiosk-e2e.
E2E_TOOLS = qemu-system-x86 gcc libc6-dev python3

test-e2e: deps
	$(call ensure_debs,$(E2E_TOOLS))
	$(SWIFT) build -c release --static-swift-stdlib $(BUILD_FLAGS)
	cd Tests/e2e && python3 run_vm_tests.py --binary $(CURDIR)/$(RELEASE_BIN)

test: test-unit test-e2e

bench: release
	$(RELEASE_BIN) bench

install: release
	install -D -m 0755 $(RELEASE_BIN) $(DESTDIR)$(PREFIX)/bin/swipe-kiosk

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/swipe-kiosk

clean:
	rm -rf .build
