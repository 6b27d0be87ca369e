import Foundation
import SegueEngine
import SegueImaging
import SegueRender
import XCTest

/// One renderer for the whole test run, and helpers to draw and compare.
///
/// Without EGL the tests skip, saying why, unless SEGUE_REQUIRE_EGL=1 (as CI
/// sets it), where a missing EGL is a failure.
enum RenderFixture {
    nonisolated(unsafe) private static var shared: Result<Renderer, Error>?

    static func renderer() throws -> Renderer {
        if shared == nil { shared = Result { try Renderer() } }
        switch shared! {
        case .success(let renderer): return renderer
        case .failure(let error):
            if ProcessInfo.processInfo.environment["SEGUE_REQUIRE_EGL"] == "1" {
                XCTFail("EGL is required here but unavailable: \(error)")
                throw error
            }
            throw XCTSkip("EGL/GLES 3 unavailable on this machine: \(error)")
        }
    }

    static let width = 96
    static let height = 54
    static let from = TestScreens.first(width: width, height: height)
    static let to = TestScreens.second(width: width, height: height)

    static func effect(_ name: String) throws -> EffectDescriptor {
        try EffectRegistry.builtin().effect(named: name)
    }

    /// Draws `settings` at `progress` between the two test screens and reads it back.
    static func draw(_ settings: EffectSettings, progress: Double, direction: TransitionDirection = .forward,
                     from: RGBAImage = from, to: RGBAImage = to) throws -> RGBAImage {
        let renderer = try renderer()
        let target = try RenderTarget(width: from.width, height: from.height)
        try renderer.draw(settings, from: try Texture(image: from), to: try Texture(image: to),
                          progress: progress, direction: direction, into: target)
        // An output's frame: opaque, whatever alpha a copied screen left.
        return target.readPixels(opaque: true)
    }

    static func draw(_ name: String, progress: Double, direction: TransitionDirection = .forward) throws -> RGBAImage {
        try draw(EffectSettings(try effect(name)), progress: progress, direction: direction)
    }
}

/// The largest per-channel difference between two images of one size, and
/// where. Up to `edgeShare` of the pixels may differ where `b` has an edge
/// (a neighbour far from the pixel's colour): two exact drawings may give a
/// pixel on an edge to either side. A flip, a swap or an offset moves far more.
func largestDifference(_ a: RGBAImage, _ b: RGBAImage, tolerance: Int = 0, edgeShare: Double = 0)
    -> (distance: Int, x: Int, y: Int) {
    var worst = (distance: 0, x: 0, y: 0)
    var edgeBudget = Int(edgeShare * Double(a.width * a.height))
    for y in 0..<a.height {
        for x in 0..<a.width {
            let d = a[x, y].distance(to: b[x, y])
            guard d > tolerance else { continue }
            if edgeBudget > 0, isOnEdge(b, x, y) {
                edgeBudget -= 1
                continue
            }
            if d > worst.distance { worst = (d, x, y) }
        }
    }
    return worst
}

private func isOnEdge(_ image: RGBAImage, _ x: Int, _ y: Int) -> Bool {
    for ny in max(y - 1, 0)...min(y + 1, image.height - 1) {
        for nx in max(x - 1, 0)...min(x + 1, image.width - 1) where image[x, y].distance(to: image[nx, ny]) > 32 {
            return true
        }
    }
    return false
}

/// Asserts two images match within `tolerance` per channel, up to `edgeShare`
/// of the pixels on edges (see `largestDifference`); on a mismatch it writes
/// both next to the test output for a person to look at.
func assertImagesMatch(_ actual: RGBAImage, _ expected: RGBAImage, tolerance: Int = 1, edgeShare: Double = 0, _ what: String,
                       file: StaticString = #filePath, line: UInt = #line) {
    let worst = largestDifference(actual, expected, tolerance: tolerance, edgeShare: edgeShare)
    guard worst.distance > tolerance else { return }
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("segue-test-failures")
    try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let stem = what.replacingOccurrences(of: " ", with: "-")
    try? PNG.write(actual, to: dir.appendingPathComponent(stem + "-actual.png").path)
    try? PNG.write(expected, to: dir.appendingPathComponent(stem + "-expected.png").path)
    XCTFail("\(what): differs by \(worst.distance) at (\(worst.x), \(worst.y)); images in \(dir.path)",
            file: file, line: line)
}

/// Which test screen a pixel most likely came from.
enum Screen { case from, to, neither }

func screen(of pixel: RGBA, at x: Int, _ y: Int) -> Screen {
    let dFrom = pixel.distance(to: RenderFixture.from[x, y])
    let dTo = pixel.distance(to: RenderFixture.to[x, y])
    if dFrom <= 8 && dFrom < dTo { return .from }
    if dTo <= 8 { return .to }
    return .neither
}
