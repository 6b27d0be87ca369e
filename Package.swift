// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Segue",
    products: [
        .executable(name: "segue", targets: ["segue"]),
        .executable(name: "segue-sample-client", targets: ["segue-sample-client"]),
        .executable(name: "segue-launcher", targets: ["segue-launcher"]),
        .executable(name: "segue-key-reporter", targets: ["segue-key-reporter"]),
        .executable(name: "segue-capture-client", targets: ["segue-capture-client"]),
        .library(name: "SegueEngine", targets: ["SegueEngine"]),
        .library(name: "SegueRender", targets: ["SegueRender"]),
        .library(name: "SegueConfig", targets: ["SegueConfig"]),
        // libsegue: the transitions for any compositor, through include/segue/segue.h
        // (scripts/install puts it in place as libsegue.so.0).
        .library(name: "SegueC", type: .dynamic, targets: ["SegueC"]),
        // WLCS's integration module: `wlcs .build/<config>/libSegueWLCS.so` (scripts/wlcs).
        .library(name: "SegueWLCS", type: .dynamic, targets: ["SegueWLCS"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
    ],
    targets: [
        // C shims: one per system library.
        .systemLibrary(name: "CEGL", path: "Sources/CEGL", pkgConfig: "egl",
                       providers: [.apt(["libegl-dev"])]),
        .systemLibrary(name: "CGLES", path: "Sources/CGLES", pkgConfig: "glesv2",
                       providers: [.apt(["libgles-dev"])]),
        .systemLibrary(name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CWaylandServer", path: "Sources/CWaylandServer", pkgConfig: "wayland-server",
                       providers: [.apt(["libwayland-dev"])]),
        .systemLibrary(name: "CWaylandClient", path: "Sources/CWaylandClient", pkgConfig: "wayland-client",
                       providers: [.apt(["libwayland-dev"])]),
        .systemLibrary(name: "CWaylandEGL", path: "Sources/CWaylandEGL", pkgConfig: "wayland-egl",
                       providers: [.apt(["libwayland-dev"])]),
        .systemLibrary(name: "CWaylandCursor", path: "Sources/CWaylandCursor", pkgConfig: "wayland-cursor",
                       providers: [.apt(["libwayland-dev"])]),
        .systemLibrary(name: "CXKBCommon", path: "Sources/CXKBCommon", pkgConfig: "xkbcommon",
                       providers: [.apt(["libxkbcommon-dev"])]),
        .systemLibrary(name: "CDRM", path: "Sources/CDRM", pkgConfig: "libdrm",
                       providers: [.apt(["libdrm-dev"])]),
        .systemLibrary(name: "CXML2", path: "Sources/CXML2", pkgConfig: "libxml-2.0",
                       providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(name: "CXCB", path: "Sources/CXCB", pkgConfig: "xcb",
                       providers: [.apt(["libxcb1-dev", "libxcb-composite0-dev"])]),
        // The window manager of X11 programs' windows over Xwayland's -wm connection: xcb, no GL, no Wayland.
        .target(name: "SegueX11", dependencies: ["CXCB"]),
        // Burn-My-Windows' GSettings schemas, read by libxml2 behind a plain C function.
        .target(name: "CSegueSchema", dependencies: ["CXML2"]),
        // glibc's malloc.h: part of the C library, so nothing to link.
        .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),
        // wayland-scanner's interface tables, made by scripts/generate-protocols.
        .target(name: "CWaylandProtocols"),

        // Pure Swift: effects, parameters, timing, transitions. No GL, no Wayland.
        .target(name: "SegueEngine"),
        // The config file: TOML into effect choices per event and rule, with located diagnostics.
        .target(name: "SegueConfig",
                dependencies: ["CSegueSchema", "CXKBCommon", "SegueEngine", "SegueImaging", .product(name: "TOMLKit", package: "TOMLKit")]),
        // The control socket's messages and a blocking client: no GL, no Wayland.
        .target(name: "SegueIPC", dependencies: ["SegueEngine"]),
        // CPU-side images: PNG, test screens, contact sheets.
        .target(name: "SegueImaging", dependencies: ["CPNG"]),
        // The GLSL sources, shipped as resources.
        .target(name: "SegueShaders", path: "Shaders",
                resources: [.copy("effects"), .copy("lib")]),
        // EGL + GLES 3 renderer.
        .target(name: "SegueRender",
                dependencies: ["CDRM", "CEGL", "CGLES", "CWaylandEGL", "SegueEngine", "SegueImaging", "SegueShaders"]),
        // The event loop as backends and the shell see it: no C headers.
        .target(name: "SegueLoop", dependencies: ["SegueEngine"]),
        // Protocol handlers: one file per Wayland object, typed error codes. No GL, no backend.
        .target(name: "SegueWayland",
                dependencies: ["CWaylandServer", "CWaylandProtocols", "CXKBCommon", "SegueEngine", "SegueLoop"]),
        // What a backend is to the shell: frames out, events in.
        .target(name: "SegueBackend", dependencies: ["SegueEngine", "SegueLoop", "SegueRender"]),
        // Backends, each a leaf: offscreen on a virtual vblank grid, or in a window on a parent compositor.
        // The nested backend is the only compositor module that speaks the client side of Wayland.
        .target(name: "SegueHeadless", dependencies: ["SegueBackend", "SegueEngine", "SegueLoop", "SegueRender"]),
        .target(name: "SegueNested",
                dependencies: ["CWaylandClient", "CWaylandCursor", "CWaylandProtocols", "SegueBackend", "SegueClientSupport", "SegueEngine",
                               "SegueLoop", "SegueRender", .product(name: "Logging", package: "swift-log")]),
        // The switching policy: the window stack, and which transition each event starts. Plain Swift: no GL, no Wayland.
        .target(name: "SeguePolicy", dependencies: ["SegueEngine"]),
        // The shell: carries out the policy; key bindings, config, outputs, IPC and transitions.
        .target(name: "SegueShell",
                dependencies: ["CMalloc", "CXKBCommon", "SeguePolicy", "SegueWayland", "SegueBackend", "SegueLoop", "SegueEngine", "SegueRender",
                               "SegueImaging", "SegueIPC", "SegueConfig", "SegueX11", .product(name: "Logging", package: "swift-log")]),
        // The compositor as `segue run` starts it: the shell on the backend the options name.
        .target(name: "SegueCompositor",
                dependencies: ["SegueShell", "SegueHeadless", "SegueNested", "SegueRender", .product(name: "Logging", package: "swift-log")]),
        // WLCS's entry point (wlcs_server_integration) in C, over SegueWLCS: the
        // compositor in WLCS's process, on the headless backend with free placement.
        .target(name: "CSegueWLCS", linkerSettings: [.linkedLibrary("wayland-client"), .linkedLibrary("wayland-server")]),
        .target(name: "SegueWLCS",
                dependencies: ["CSegueWLCS", "SegueCompositor", "SegueHeadless", "SegueLoop", "SegueRender", "SegueWayland",
                               .product(name: "Logging", package: "swift-log")]),
        // libsegue's C API (include/segue/segue.h) over the engine, config and renderer
        // `segue` itself plays with. Its ABI is the header's functions alone.
        .systemLibrary(name: "CSegue", path: "include/segue"),
        .target(name: "SegueC",
                dependencies: ["CEGL", "CGLES", "CSegue", "SegueConfig", "SegueEngine", "SegueImaging", "SegueRender", "SegueShaders"],
                exclude: ["exports.map"],
                linkerSettings: [.unsafeFlags(["-Xlinker", "-soname=libsegue.so.0",
                                               "-Xlinker", "--version-script=\(Context.packageDirectory)/Sources/SegueC/exports.map"]),
                                 // Swift's runtime linked in, as the release executables have it
                                 // (SwiftPM's --static-swift-stdlib reaches executables only).
                                 .unsafeFlags(["-static-stdlib"], .when(configuration: .release))]),
        // What Segue's own Wayland client programs share: listeners at fixed addresses.
        .target(name: "SegueClientSupport", dependencies: ["CWaylandClient"]),
        // A small wl_shm client: the demo's windows, and a real client for tests.
        .executableTarget(name: "segue-sample-client", dependencies: ["CEGL", "CGLES", "CWaylandClient", "CWaylandProtocols", "SegueClientSupport"],
                          path: "examples/sample-client"),
        // A client of Segue's segue-transition-v1: lists windows and shows one with a transition.
        .executableTarget(name: "segue-launcher", dependencies: ["CWaylandClient", "CWaylandProtocols", "SegueClientSupport"],
                          path: "examples/launcher"),
        // A client that prints the keys and pointer events it receives: the nested backend's tests.
        .executableTarget(name: "segue-key-reporter", dependencies: ["CWaylandClient", "CWaylandProtocols", "SegueClientSupport"],
                          path: "examples/key-reporter"),
        // A screen-capture client of wlr-screencopy and ext-image-copy-capture: a line per frame, for tests.
        .executableTarget(name: "segue-capture-client", dependencies: ["CWaylandClient", "CWaylandProtocols", "SegueClientSupport", "SegueImaging"],
                          path: "examples/capture-client"),
        .executableTarget(name: "segue", dependencies: [
            "SegueEngine", "SegueConfig", "SegueRender", "SegueImaging", "SegueCompositor", "SegueIPC",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ]),

        // Where tests find the repository's files, in a checkout or a packaged suite.
        .target(name: "SegueTestSupport", path: "Tests/SegueTestSupport"),
        .testTarget(name: "SegueEngineTests", dependencies: ["SegueEngine", "SegueTestSupport"]),
        .testTarget(name: "SegueConfigTests", dependencies: ["SegueConfig", "SegueEngine", "SegueImaging", "SegueTestSupport"]),
        .testTarget(name: "SegueImagingTests", dependencies: ["SegueImaging"]),
        .testTarget(name: "SegueIPCTests", dependencies: ["SegueIPC", "SegueShell", "SegueWayland", "SegueLoop", "CWaylandServer", "segue"]),
        .testTarget(name: "SegueCompositorTests",
                    dependencies: ["SegueCompositor", "SegueShell", "SegueWayland", "SegueBackend", "SegueHeadless", "SegueRender", "SegueLoop", "SegueIPC", "SegueImaging", "SegueClientSupport", "CGLES", "CWaylandClient", "CWaylandServer",
                                   "CWaylandProtocols", "CXCB", "CXKBCommon", "SegueConfig", "segue", "segue-sample-client",
                                   "segue-launcher", "segue-key-reporter", "segue-capture-client", "SegueTestSupport", .product(name: "Logging", package: "swift-log")]),
        // Tests of one module's plain logic: no compositor is started and no EGL context made.
        .testTarget(name: "SegueWaylandTests", dependencies: ["SegueWayland", "SegueEngine"]),
        // Links neither the renderer nor libwayland.
        .testTarget(name: "SeguePolicyTests", dependencies: ["SeguePolicy", "SegueEngine", "SegueTestSupport"]),
        .testTarget(name: "SegueShellTests", dependencies: ["SegueShell", "SegueWayland", "SegueEngine", "SegueConfig", "SegueRender",
                                                         "SeguePolicy", "SegueBackend", "SegueImaging", "CWaylandServer", "CXKBCommon"]),
        .testTarget(name: "SegueCLITests", dependencies: ["segue", "segue-sample-client", "SegueImaging", "SegueTestSupport"]),
        .testTarget(name: "SegueRenderTests",
                    dependencies: ["SegueRender", "SegueEngine", "SegueImaging", "SegueTestSupport"]),
    ]
)
