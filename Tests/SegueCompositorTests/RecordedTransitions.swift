import Foundation
import SegueImaging
import SegueIPC

extension CompositorUnderTest {
    /// The frames `--record` wrote into `frames` of the transition whose
    /// folder ends with `suffix` (`001-wipe`, `002-wipe`), once that many
    /// transitions finished.
    func recordedTransition(_ suffix: String, in frames: URL) throws -> [RGBAImage] {
        let deadline = Date().addingTimeInterval(30)
        let number = Int(suffix.prefix { $0.isNumber }) ?? 1
        while Date() < deadline {
            let folders = (try? FileManager.default.contentsOfDirectory(atPath: frames.path)) ?? []
            let transitions = try send(.transitions).payload["transitions"]
            if let name = folders.sorted().last(where: { $0.hasSuffix(suffix) }), case .array(let done)? = transitions, done.count >= number {
                let path = frames.appendingPathComponent(name).path
                let files = try FileManager.default.contentsOfDirectory(atPath: path).filter { $0.hasSuffix(".png") }.sorted()
                return try files.map { try PNG.read(path: "\(path)/\($0)") }
            }
            usleep(100_000)
        }
        throw CompositorTestError("no finished transition ending \(suffix) in \(frames.path)")
    }
}

/// How many columns of row `y` of `frame` show `color`.
func columns(of color: RGBA, in frame: RGBAImage, row y: Int) -> Int {
    (0..<frame.width).filter { frame[$0, y] == color }.count
}
