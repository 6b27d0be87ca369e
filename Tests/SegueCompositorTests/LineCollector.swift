import Foundation

/// Collects a child process's output lines as they come, on a background queue,
/// so the test's thread can keep dispatching an event loop while it waits.
final class LineCollector: @unchecked Sendable {
    let pipe = Pipe()
    private let lock = NSLock()
    private var buffer = Data()

    init() {
        pipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let chunk = handle.availableData
            guard let self else { return }
            if chunk.isEmpty { handle.readabilityHandler = nil }
            lock.withLock { buffer += chunk }
        }
    }

    /// Every complete line so far.
    var lines: [String] {
        let text = lock.withLock { String(decoding: buffer, as: UTF8.self) }
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
}
