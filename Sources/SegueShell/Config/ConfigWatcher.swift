import Foundation
import Glibc
import SegueLoop

/// Calls back when the config file may have changed. It watches the file's
/// folder rather than the file, so a file an editor replaces (written beside
/// it, then renamed over it) is noticed as well as one written in place.
final class ConfigWatcher {
    private let fd: Int32
    private let name: String
    private var source: WatchedFile?
    private let onChange: () -> Void

    init?(loop: EventLoop, path: String, onChange: @escaping () -> Void) {
        let url = URL(fileURLWithPath: path)
        name = url.lastPathComponent
        self.onChange = onChange
        fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE)
        guard inotify_add_watch(fd, url.deletingLastPathComponent().path, mask) >= 0 else {
            close(fd)
            return nil
        }
        source = loop.watch(fd: fd, events: .readable) { [unowned self] _ in
            self.drain()
        }
        if source == nil {
            close(fd)
            return nil
        }
    }

    deinit {
        source?.remove()
        close(fd)
    }

    /// Reads every pending event; one callback however many name the file.
    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        var touched = false
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            let lengthField = MemoryLayout<inotify_event>.offset(of: \.len)!
            while offset + header <= count {
                let length = buffer.withUnsafeBytes { Int($0.loadUnaligned(fromByteOffset: offset + lengthField, as: UInt32.self)) }
                let nameBytes = buffer[(offset + header)..<min(count, offset + header + length)]
                let eventName = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                if eventName == name { touched = true }
                offset += header + length
            }
        }
        if touched { onChange() }
    }
}
