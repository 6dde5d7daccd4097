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

.PHONY: all build release run test test-unit bench install uninstall deps clean

all: build

# Installs whatever of DEB_BUILD is missing: apt-get as root, otherwise a clear message.
deps:
	@missing=""; for p in $(DEB_BUILD); do \
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

build: deps
	$(SWIFT) build $(BUILD_FLAGS)

release: deps
	$(SWIFT) build -c release $(BUILD_FLAGS)

run: release
	$(RELEASE_BIN) run

test-unit: deps
	$(SWIFT) build --build-tests $(BUILD_FLAGS)
	$(SWIFT) test --skip-build $(BUILD_FLAGS)

test: test-unit

bench: release
	$(RELEASE_BIN) bench

install: release
	install -D -m 0755 $(RELEASE_BIN) $(DESTDIR)$(PREFIX)/bin/swipe-kiosk

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/swipe-kiosk

clean:
	rm -rf .build
