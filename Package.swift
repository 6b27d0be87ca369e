// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Segue",
    products: [
        .executable(name: "segue", targets: ["segue"]),
        .library(name: "SegueEngine", targets: ["SegueEngine"]),
        .library(name: "SegueRender", targets: ["SegueRender"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    ],
    targets: [
        // C shims: one per system library.
        .systemLibrary(name: "CEGL", path: "Sources/CEGL", pkgConfig: "egl",
                       providers: [.apt(["libegl-dev"])]),
        .systemLibrary(name: "CGLES", path: "Sources/CGLES", pkgConfig: "glesv2",
                       providers: [.apt(["libgles-dev"])]),
        .systemLibrary(name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev"])]),

        // Pure Swift: effects, parameters, timing, transitions. No GL, no Wayland.
        .target(name: "SegueEngine"),
        // CPU-side images: PNG, test screens, contact sheets.
        .target(name: "SegueImaging", dependencies: ["CPNG"]),
        // The GLSL sources, shipped as resources.
        .target(name: "SegueShaders", path: "Shaders",
                resources: [.copy("effects"), .copy("lib")]),
        // EGL + GLES 3 renderer.
        .target(name: "SegueRender",
                dependencies: ["CEGL", "CGLES", "SegueEngine", "SegueImaging", "SegueShaders"]),
        .executableTarget(name: "segue", dependencies: [
            "SegueEngine", "SegueRender", "SegueImaging",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ]),

        .testTarget(name: "SegueEngineTests", dependencies: ["SegueEngine"]),
        .testTarget(name: "SegueImagingTests", dependencies: ["SegueImaging"]),
        .testTarget(name: "SegueCLITests", dependencies: ["segue", "SegueImaging"]),
        .testTarget(name: "SegueRenderTests",
                    dependencies: ["SegueRender", "SegueEngine", "SegueImaging"]),
    ]
)
