import Foundation
import XCTest
import SegueImaging

final class PNGTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("segue-png-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: directory)
    }

    /// Every byte value in every channel, including partial and zero alpha.
    private func sampleImage() -> RGBAImage {
        let width = 37, height = 29
        let pixels = (0..<width * height * 4).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 / 5) }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    func testWriteThenReadRoundTripsExactly() throws {
        let image = sampleImage()
        let path = directory.appendingPathComponent("round.png").path
        try PNG.write(image, to: path)
        XCTAssertEqual(try PNG.read(path: path), image)
    }

    func testEncodeMatchesTheFileAndDecodesExactly() throws {
        let image = sampleImage()
        let bytes = try PNG.encode(image)
        XCTAssertEqual(Array(bytes.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let path = directory.appendingPathComponent("encoded.png").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(try PNG.read(path: path), image)
    }

    func testReadingMissingFileThrowsMessageNamingIt() {
        let path = directory.appendingPathComponent("missing.png").path
        XCTAssertThrowsError(try PNG.read(path: path)) { error in
            let message = (error as? ImageError)?.message ?? ""
            XCTAssertTrue(message.hasPrefix("cannot read '\(path)': "), message)
            XCTAssertTrue(message.contains("No such file"), message)
        }
    }

    func testReadingNonPNGFileThrowsMessageNamingIt() throws {
        let path = directory.appendingPathComponent("text.png").path
        try Data("not a picture\n".utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try PNG.read(path: path)) { error in
            let message = (error as? ImageError)?.message ?? ""
            XCTAssertTrue(message.hasPrefix("cannot read '\(path)': "), message)
            XCTAssertGreaterThan(message.count, "cannot read '\(path)': ".count, message)
        }
    }

    func testReadingOversizedImageIsRefused() throws {
        let path = directory.appendingPathComponent("wide.png").path
        try PNG.write(RGBAImage(width: 16385, height: 1, fill: .white), to: path)
        XCTAssertThrowsError(try PNG.read(path: path)) { error in
            XCTAssertTrue(String(describing: error).hasPrefix("cannot read '\(path)': 16385x1"), "\(error)")
        }
    }

    func testWritingIntoMissingDirectoryThrowsMessageNamingTheFile() {
        let path = directory.appendingPathComponent("absent/out.png").path
        XCTAssertThrowsError(try PNG.write(sampleImage(), to: path)) { error in
            XCTAssertTrue(String(describing: error).hasPrefix("cannot write '\(path)': "), "\(error)")
        }
    }
}
