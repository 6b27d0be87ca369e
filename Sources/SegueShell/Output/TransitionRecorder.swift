import Foundation
import SegueEngine
import SegueImaging
import SegueRender

/// Writes every presented frame of every transition as PNG, one folder per
/// transition: `DIR/<id>-<effect>/frame-NNN.png`; and of every layer
/// surface's motion, `DIR/layer-<id>-<namespace>-<open|close>-<motion>/`. Each is read back from the
/// buffer it was drawn into once presented (from a window's back buffer,
/// which holds nothing after its swap, before the swap), into pixel buffers
/// the encoder hands back when it is done with them; encoding happens on a
/// queue of its own so it never delays a frame.
final class TransitionRecorder {
    let directory: String
    private var frameCounts: [String: Int] = [:]
    private let encoder = DispatchQueue(label: "segue.recorder")
    /// Buffers written out, ready for the next read-back.
    private let spares = SpareBuffers()

    init(directory: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw FileProblem(path: directory, doing: "cannot make the folder", error)
        }
        self.directory = directory
    }

    func record(_ target: RenderTarget, transition: Transition<ScreenSource>) {
        record(target, in: "\(String(format: "%03d", transition.id))-\(transition.settings.effect.name)")
    }

    /// The frame in `target`, as the next of those in `name`'s folder.
    func record(_ target: RenderTarget, in name: String) {
        let index = frameCounts[name, default: 0]
        frameCounts[name] = index + 1
        let folder = "\(directory)/\(name)"
        guard var image = spares.take() else {
            encode(target.readPixels(opaque: true), to: folder, index: index)
            return
        }
        target.readPixels(into: &image, opaque: true)
        encode(image, to: folder, index: index)
    }

    private func encode(_ image: RGBAImage, to folder: String, index: Int) {
        encoder.async { [spares] in
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try? PNG.write(image, to: "\(folder)/frame-\(String(format: "%03d", index)).png")
            spares.give(image)
        }
    }

    /// Waits until every frame recorded so far is on disk.
    func flush() { encoder.sync {} }
}

/// Images passed between the loop, which reads frames into them, and the
/// encoder, which gives them back; a few are kept, the rest let go.
private final class SpareBuffers: @unchecked Sendable {
    private let lock = NSLock()
    private var images: [RGBAImage] = []

    func take() -> RGBAImage? { lock.withLock { images.popLast() } }

    func give(_ image: RGBAImage) {
        lock.withLock { if images.count < 3 { images.append(image) } }
    }
}
