import Glibc
import SegueImaging

/// The frames so far: one line each as they come, and the summary that adds them up.
struct CaptureReport {
    private(set) var frames = 0
    private var failures = 0
    private(set) var failuresInRow = 0
    private var distinct = true
    private var inOrder = true
    private var firstNanoseconds: UInt64?
    private var lastNanoseconds: UInt64?
    private var lastHash: UInt64?
    private var width = 0
    private var height = 0
    /// With --png, a copy of the last ready frame's rows: a frame still pending when the run
    /// stops may already have refilled the one buffer.
    private let keepsLastFrame: Bool
    private var lastFrame: (pixels: [UInt8], format: PixelFormat, yInverted: Bool)?

    init(keepsLastFrame: Bool) { self.keepsLastFrame = keepsLastFrame }

    mutating func ready(_ buffer: ShmFrameBuffer, presented: UInt64, damage: Int, yInverted: Bool) -> String {
        frames += 1
        failuresInRow = 0
        let hash = FrameHash.of(buffer)
        if hash == lastHash { distinct = false }
        if let lastNanoseconds, presented <= lastNanoseconds { inOrder = false }
        lastHash = hash
        if firstNanoseconds == nil { firstNanoseconds = presented }
        lastNanoseconds = presented
        width = buffer.width
        height = buffer.height
        if keepsLastFrame { keep(buffer, yInverted: yInverted) }
        return "frame \(frames) \(presented) \(FrameHash.hex(hash)) \(damage)"
    }

    /// A failed frame has the number the next ready one will.
    mutating func failed(reason: String) -> String {
        failures += 1
        failuresInRow += 1
        return "failed \(frames + 1) \(reason)"
    }

    func summary(stopped: Bool) -> String {
        "{\"frames\":\(frames),\"failed\":\(failures),\"distinct\":\(distinct),\"in_order\":\(inOrder),"
            + "\"first_ns\":\(firstNanoseconds ?? 0),\"last_ns\":\(lastNanoseconds ?? 0),"
            + "\"width\":\(width),\"height\":\(height),\"stopped\":\(stopped)}"
    }

    /// The last ready frame, upright, as R,G,B,A (A 255 for XRGB8888); nil before the first.
    func lastImage() -> RGBAImage? {
        guard let lastFrame else { return nil }
        var rgba = lastFrame.pixels
        let opaque = lastFrame.format == .xrgb
        rgba.withUnsafeMutableBufferPointer { bytes in
            for pixel in stride(from: 0, to: bytes.count, by: 4) {
                bytes.swapAt(pixel, pixel + 2)
                if opaque { bytes[pixel + 3] = 255 }
            }
        }
        let image = RGBAImage(width: width, height: height, pixels: rgba)
        return lastFrame.yInverted ? image.flippedVertically() : image
    }

    /// Copies the buffer's rows, its B,G,R,X/A bytes, without the stride's padding.
    private mutating func keep(_ buffer: ShmFrameBuffer, yInverted: Bool) {
        let row = buffer.width * 4
        var pixels = lastFrame?.pixels ?? []
        // Its only reference from here, so the write below needs no copy.
        lastFrame = nil
        if pixels.count != row * buffer.height { pixels = [UInt8](repeating: 0, count: row * buffer.height) }
        pixels.withUnsafeMutableBytes { memory in
            for line in 0..<buffer.height {
                memcpy(memory.baseAddress! + line * row, buffer.pixels + line * buffer.stride, row)
            }
        }
        lastFrame = (pixels, buffer.format, yInverted)
    }
}
