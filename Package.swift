// swift-tools-version:6.0
// SwipeKiosk: a full-screen touch list app for Linux kiosks (DRM/KMS + libinput + FreeType).
// Layers and the rules between them are described in docs/ARCHITECTURE.md.
import PackageDescription

/// The modules a frame runs through (the swipe core, the renderer, the widgets, the loop and the
/// app) skip Swift's runtime exclusivity checks in release builds: `swift_beginAccess` and its
/// thread-local access set were 12 % of the core's throughput and 6 % of a scroll frame's
/// instructions (BENCHMARKS.md). Debug builds, which run every test, keep the checks, so an
/// overlapping access still traps there.
let releaseWithoutExclusivityChecks = SwiftSetting.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))

let package = Package(
    name: "SwipeKiosk",
    products: [
        .executable(name: "swipe-kiosk", targets: ["swipe-kiosk"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-numerics", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
    ],
    targets: [
        // One system-library module per C library. Each names its pkg-config file and the
        // Debian package that provides it, so a missing library is reported by name.
        .systemLibrary(
            name: "CLibInput", path: "CSystem/CLibInput", pkgConfig: "libinput",
            providers: [.apt(["libinput-dev", "libudev-dev"])]),
        .systemLibrary(
            name: "CDRM", path: "CSystem/CDRM", pkgConfig: "libdrm",
            providers: [.apt(["libdrm-dev"])]),
        // epoll/timerfd/signalfd/eventfd and linux/input.h: kernel headers Glibc's module omits.
        .systemLibrary(name: "CLinuxKernel", path: "CSystem/CLinuxKernel"),
        // mallopt (glibc's malloc.h): the picture decoders' buffers are returned to the kernel.
        .systemLibrary(name: "CMalloc", path: "CSystem/CMalloc"),
        .systemLibrary(
            name: "CFreeType", path: "CSystem/CFreeType", pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(
            name: "CHarfBuzz", path: "CSystem/CHarfBuzz", pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(
            name: "CFriBidi", path: "CSystem/CFriBidi", pkgConfig: "fribidi",
            providers: [.apt(["libfribidi-dev"])]),
        // Font fallback: the installed font that covers a code point the theme's fonts lack.
        .systemLibrary(
            name: "CFontconfig", path: "CSystem/CFontconfig", pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"])]),
        // Line breaking (UAX #14, dictionaries for Thai and its neighbours): ICU's break iterator
        // (libicu-dev). A C target rather than a system library: its one .c file keeps ICU's
        // types away from Swift, where they clash with Foundation's own copy of ICU.
        .target(
            name: "CICU", path: "CSystem/CICU",
            linkerSettings: [.linkedLibrary("icuuc")]),
        .systemLibrary(
            name: "CPNG", path: "CSystem/CPNG", pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]),
        // Pictures: JPEG through libjpeg-turbo (DCT-scaled decoding), WebP through libwebp.
        .systemLibrary(
            name: "CTurboJPEG", path: "CSystem/CTurboJPEG", pkgConfig: "libturbojpeg",
            providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(
            name: "CWebP", path: "CSystem/CWebP", pkgConfig: "libwebp",
            providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(
            name: "CSQLite", path: "CSystem/CSQLite", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]),
        // Speech: espeak-ng synthesises (KioskSpeech), ALSA plays (KioskHardware). Both are
        // headers only here (no pkgConfig: its --libs would link them): KioskSpeech opens
        // espeak-ng when speech starts, KioskHardware opens libasound when the audio output first
        // opens its device (SharedLibrary), so the .deb names them and espeak-ng-data (the
        // voices) in Depends itself.
        .systemLibrary(
            name: "CEspeakNG", path: "CSystem/CEspeakNG",
            providers: [.apt(["libespeak-ng-dev", "espeak-ng-data"])]),
        .systemLibrary(
            name: "CALSA", path: "CSystem/CALSA",
            providers: [.apt(["libasound2-dev"])]),

        // The MQTT client of `swipe-kiosk feed` (Debian's libmosquitto 2.0; no home-made MQTT).
        // Headers only (no pkgConfig: its --libs would link it): KioskFeed opens the library
        // when the feed starts (SharedLibrary), and the .deb names it in Depends itself
        // (systemd/debian/control.in).
        .systemLibrary(
            name: "CMosquitto", path: "CSystem/CMosquitto",
            providers: [.apt(["libmosquitto-dev"])]),

        // Pure swipe physics and state machines: no Glibc, no Foundation, no clock.
        .target(
            name: "SwipeCore",
            dependencies: [.product(name: "RealModule", package: "swift-numerics")],
            swiftSettings: [releaseWithoutExclusivityChecks]),
        // Bounded reads of input files (only regular files, a size cap, UTF-8 checked with the
        // place of a bad byte), safe writes of output files, and large blocks only with room
        // left beside them: what every command reads, writes or allocates by the screenful.
        .target(name: "KioskFiles"),
        // Software renderer: surfaces, shapes, compositing, FreeType text. It imports SwipeCore only
        // for the shared geometry values (Point, Rect, PixelRect: one family across the layers).
        // Fonts/ holds the fonts (and their licences) that tests and the bench load by path.
        // Debug builds optimise it too: replay draws every frame through it (the device's damage-
        // tracked path), and unoptimised SIMD span kernels made the scenario tests 10x slower.
        .target(
            name: "Canvas",
            dependencies: ["SwipeCore", "CFreeType", "CHarfBuzz", "CFriBidi", "CPNG", "CFontconfig", "CICU", "CTurboJPEG", "CWebP", "KioskFiles"], exclude: ["Fonts"],
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug)), releaseWithoutExclusivityChecks]),
        // Widgets and scenes built from the swipe core and the renderer.
        .target(name: "KioskUI", dependencies: ["SwipeCore", "Canvas"], swiftSettings: [releaseWithoutExclusivityChecks]),
        // DRM/KMS output, libinput, the epoll loop, haptic backends.
        .target(
            name: "KioskHardware",
            dependencies: [
                "CDRM", "CLibInput", "CLinuxKernel", "CALSA", "CMalloc", .product(name: "Logging", package: "swift-log"),
                // SwipeCore's shared values only: the touch phase, the point/rect family and the haptic events.
                "SwipeCore",
                // Text from outside as log lines quote it (String+Shown).
                "KioskFiles",
            ],
            swiftSettings: [releaseWithoutExclusivityChecks]),
        // What `replay` plays: touch scripts and `libinput record` files, parsed (bounded, with
        // file:line diagnostics) into the scripted input KioskHardware's session consumes. Apart
        // from the app so a recording reaches the device's translation and nothing else.
        .target(
            name: "KioskReplay",
            dependencies: ["KioskHardware", "SwipeCore", "KioskFiles", .product(name: "Yams", package: "Yams")]),
        // The configuration: TOML read into plain values with file:line:column diagnostics.
        // It names the few hardware values it configures (the haptic patterns, the WxH@Hz mode
        // request) by their KioskHardware types, through scoped imports; it opens no device.
        // A data effect (`effect = "flag"`) is the store's ItemEffect, declared there once; the
        // configuration never opens the database.
        // Examples/ holds the documented example.toml and demo.toml (installed by `make install`).
        .target(
            name: "KioskConfig",
            dependencies: [
                "SwipeCore", "KioskHardware", "KioskStore", "KioskFiles", .product(name: "TOMLKit", package: "TOMLKit"),
            ],
            exclude: ["Examples"]),
        // Text to speech: espeak-ng on a worker thread of its own, text bounded, voice by script,
        // cut at once by the next utterance. PCM goes to whatever sink the app gives it.
        .target(name: "KioskSpeech", dependencies: ["CEspeakNG", "KioskHardware", "KioskFiles"]),
        // The items database: SQLite schema, migrations, queries and durable actions (each change
        // with its log row in one transaction). It knows items and changes, not the configuration.
        .target(name: "KioskStore", dependencies: ["CSQLite", "KioskFiles"]),
        // The product: store sync, action effects with undo, sheets, pictures, the wiring of store,
        // UI and session that `run`, `replay`, `screenshot` and `bench` share, and the command line
        // and benchmarks that drive it (Commands/).
        .target(
            name: "KioskApp",
            dependencies: [
                "KioskUI", "KioskHardware", "KioskReplay", "KioskConfig", "KioskStore", "SwipeCore", "Canvas", "KioskFiles",
                "KioskSpeech",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: [releaseWithoutExclusivityChecks]),
        // The fleet feed (`swipe-kiosk feed`, a second process): MQTT through libmosquitto in, the
        // items table and the actions_log outbox of KioskStore out. It reaches the app only through
        // the database (and later its control socket). KioskHardware only for the service pieces a
        // long-running process shares with the app: the epoll loop, systemd notify, inotify, journal.
        .target(
            name: "KioskFeed",
            dependencies: [
                "KioskStore", "KioskConfig", "KioskHardware", "SwipeCore", "KioskFiles", "CMosquitto",
                .product(name: "Logging", package: "swift-log"),
            ]),
        // The executable: KioskApp's command line (its commands and benchmarks, KioskApp/Commands)
        // with the fleet feed's command added, the one place the app and the feed meet.
        .executableTarget(
            name: "swipe-kiosk",
            dependencies: [
                "KioskApp", "KioskFeed",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            // The binary's code pages count in the resident set, mapped 64 KiB around each page the
            // app runs (issue 26): lld puts the functions the bench scenarios run side by side
            // (packaging/hot-functions.py lists them; about 6 MB resident instead of 10), and packs
            // relative relocations (DT_RELR, glibc 2.36 and later) so the loader reads 17 KB of them
            // at start instead of 2 MB. Peak RSS -5.5 MB in every bench scenario (BENCHMARKS.md).
            linkerSettings: [.unsafeFlags([
                "-use-ld=lld", "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/packaging/hot-functions.txt",
                "-Xlinker", "--no-warn-symbol-ordering", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
                "-Xlinker", "--no-export-dynamic",
            ], .when(platforms: [.linux], configuration: .release))]),

        // Helpers shared by the test targets (a seeded random generator, a child's signal state), and golden-image
        // checking for the targets that render (it reads and writes PNGs through Canvas).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .target(name: "GoldenImages", dependencies: ["Canvas"], path: "Tests/GoldenImages"),
        .testTarget(name: "SwipeCoreTests", dependencies: ["SwipeCore", "TestSupport", .product(name: "RealModule", package: "swift-numerics")]),
        .testTarget(name: "CanvasTests", dependencies: ["Canvas", "SwipeCore", "TestSupport", "GoldenImages", "CWebP"], exclude: ["References"]),
        .testTarget(name: "KioskHardwareTests", dependencies: ["KioskHardware", "CDRM", "CALSA", "SwipeCore", "TestSupport", .product(name: "Logging", package: "swift-log")],
                    // The check that ALSA's types are the headers'.
                    linkerSettings: [.linkedLibrary("asound")]),
        .testTarget(name: "KioskSpeechTests", dependencies: ["KioskSpeech", "KioskHardware", "TestSupport", "CEspeakNG"],
                    // The check that EspeakNG's types are the headers'.
                    linkerSettings: [.linkedLibrary("espeak-ng")]),
        .testTarget(name: "KioskUITests", dependencies: ["KioskUI", "Canvas", "SwipeCore", "TestSupport"]),
        // The store on real SQLite files: the items table declared once, the data effects.
        .testTarget(name: "KioskStoreTests", dependencies: ["KioskStore", "TestSupport"]),
        // The configuration read in process: values, defaults and every diagnostic at its place
        // (the check-config command itself runs as a child process in KioskAppTests).
        .testTarget(name: "KioskConfigTests", dependencies: ["KioskConfig", "KioskStore", "SwipeCore", "TestSupport"]),
        .testTarget(name: "KioskReplayTests", dependencies: ["KioskReplay", "KioskHardware", "SwipeCore", "TestSupport"]),
        // The feed against a real mosquitto broker each test starts, and the real binary.
        .testTarget(name: "KioskFeedTests", dependencies: ["KioskFeed", "KioskStore", "KioskConfig", "swipe-kiosk", "TestSupport", "CMosquitto"],
                    // The tests' own client, and the check that Mosquitto's types are the header's.
                    linkerSettings: [.linkedLibrary("mosquitto")]),
        .testTarget(name: "KioskAppTests", dependencies: ["KioskApp", "KioskConfig", "KioskReplay", "KioskStore", "swipe-kiosk", "KioskFiles", "KioskSpeech", "KioskHardware", "KioskUI", "Canvas", "SwipeCore", "CSQLite", "GoldenImages", "TestSupport", "CWebP", .product(name: "ArgumentParser", package: "swift-argument-parser")], exclude: ["References"]),
    ]
)
