import Foundation
import SegueEngine
import SegueImaging
import SegueRender
import XCTest

/// `uniform sampler2D` parameters: a PNG the shader reads (a luminance map, a
/// displacement map), upright as the file shows it, reloaded when it changes;
/// without one, a neutral ramp. A bad file is one clear error and nothing else.
final class ImageParameterTests: XCTestCase {
    private let lumaWipe = """
        uniform sampler2D luma;
        vec4 transition(vec2 uv) {
          return mix(getFromColor(uv), getToColor(uv), step(texture2D(luma, uv).r, progress));
        }
        """
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("segue-images-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    private func effect() throws -> EffectDescriptor {
        var registry = EffectRegistry()
        return try registry.register(name: "luma", glsl: lumaWipe)
    }

    /// Half black, half white: `top` says which half is black.
    private func halves(blackOnTop top: Bool, side: Int = 8) -> RGBAImage {
        var image = RGBAImage(width: side, height: side, fill: top ? .white : .black)
        image.fill(top ? .black : .white, x: 0, y: 0, width: side, height: side / 2)
        return image
    }

    private func draw(_ image: String?) throws -> RGBAImage {
        var settings = EffectSettings(try effect())
        try settings.set("luma", to: image ?? "")
        return try RenderFixture.draw(settings, progress: 0.5)
    }

    func testTheDefaultImageIsARampFromBlackOnTheLeft() throws {
        let spec = try XCTUnwrap(try effect().parameters.first)
        XCTAssertEqual(spec.type, .image)
        XCTAssertEqual(spec.type.rawValue, "image", "listed as an image")
        let frame = try draw(nil)
        let h = RenderFixture.height
        XCTAssertEqual(screen(of: frame[4, h / 2], at: 4, h / 2), .to, "dark on the left: past at 0.5")
        XCTAssertEqual(screen(of: frame[RenderFixture.width - 5, h / 2], at: RenderFixture.width - 5, h / 2), .from)
    }

    func testAnImageChangesThePictureUprightAndReloadsWhenTheFileChanges() throws {
        let path = folder.appendingPathComponent("halves.png").path
        try PNG.write(halves(blackOnTop: true), to: path)
        var frame = try draw(path)
        let w = RenderFixture.width, h = RenderFixture.height
        XCTAssertEqual(screen(of: frame[w / 2, 3], at: w / 2, 3), .to, "the file's black top: past at 0.5")
        XCTAssertEqual(screen(of: frame[w / 2, h - 4], at: w / 2, h - 4), .from)
        // Rewritten (another size, so the change is seen at once): the picture follows.
        try PNG.write(halves(blackOnTop: false, side: 16), to: path)
        frame = try draw(path)
        XCTAssertEqual(screen(of: frame[w / 2, 3], at: w / 2, 3), .from)
        XCTAssertEqual(screen(of: frame[w / 2, h - 4], at: w / 2, h - 4), .to)
    }

    func testBadImagesAreOneClearErrorAndAGoodOneStillDraws() throws {
        let missing = folder.appendingPathComponent("missing.png").path
        let text = folder.appendingPathComponent("notes.png").path
        try "not a picture".write(toFile: text, atomically: true, encoding: .utf8)
        let empty = folder.appendingPathComponent("empty.png").path
        try Self.pngHeader(width: 0, height: 0).write(to: URL(fileURLWithPath: empty))
        let huge = folder.appendingPathComponent("huge.png").path
        try Self.pngHeader(width: 40000, height: 40000).write(to: URL(fileURLWithPath: huge))
        for path in [missing, text, empty, huge] {
            XCTAssertThrowsError(try draw(path), path) { error in
                let message = "\(error)"
                XCTAssertTrue(message.contains(path), message)
                XCTAssertFalse(message.contains("\n"), "one line: \(message)")
            }
        }
        let good = folder.appendingPathComponent("good.png").path
        try PNG.write(halves(blackOnTop: true), to: good)
        let frame = try draw(good)
        XCTAssertEqual(screen(of: frame[RenderFixture.width / 2, 3], at: RenderFixture.width / 2, 3), .to)
    }

    /// A PNG signature and an IHDR chunk claiming `width`×`height`, and nothing else.
    private static func pngHeader(width: UInt32, height: UInt32) -> Data {
        var chunk = Data("IHDR".utf8)
        for value in [width, height] { chunk += withUnsafeBytes(of: value.bigEndian) { Data($0) } }
        chunk += Data([8, 6, 0, 0, 0])
        var data = Data([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
        data += withUnsafeBytes(of: UInt32(13).bigEndian) { Data($0) }
        data += chunk
        data += withUnsafeBytes(of: crc32(chunk).bigEndian) { Data($0) }
        return data
    }

    private static func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xffff_ffff
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xedb8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
