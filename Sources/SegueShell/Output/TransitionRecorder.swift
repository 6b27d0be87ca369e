import Foundation
import SegueEngine
import SegueImaging
import SegueRender

/// Writes every presented frame of every transition as PNG, one folder per
/// transition: `DIR/<id>-<effect>/frame-NNN.png`. Reading the frame back is
/// quick; encoding happens on a queue of its own so it never delays a frame.
final class TransitionRecorder {
    let directory: String
    private var frameCounts: [UInt64: Int] = [:]
    private let encoder = DispatchQueue(label: "segue.recorder")

    init(directory: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        self.directory = directory
    }

    func record(_ target: RenderTarget, transition: Transition<ScreenSource>) {
        let index = frameCounts[transition.id, default: 0]
        frameCounts[transition.id] = index + 1
        let folder = "\(directory)/\(String(format: "%03d", transition.id))-\(transition.settings.effect.name)"
        let image = target.readPixels(opaque: true)
        encoder.async {
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try? PNG.write(image, to: "\(folder)/frame-\(String(format: "%03d", index)).png")
        }
    }

    /// Waits until every frame recorded so far is on disk.
    func flush() { encoder.sync {} }
}
