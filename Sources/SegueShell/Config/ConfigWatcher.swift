import Foundation
import Glibc
import SegueLoop

/// Calls back when the config file, or a shader file it names, may have
/// changed. It watches each file's folder rather than the file, so a file an
/// editor replaces (written beside it, then renamed over it) is noticed as
/// well as one written in place.
final class ConfigWatcher {
    private let fd: Int32
    /// The file names watched in each watched folder, by watch descriptor.
    private var names: [Int32: Set<String>] = [:]
    private var source: WatchedFile?
    private let onChange: () -> Void

    init?(loop: EventLoop, paths: [String], onChange: @escaping () -> Void) {
        self.onChange = onChange
        fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE)
        for path in paths {
            let url = URL(fileURLWithPath: path)
            let watch = inotify_add_watch(fd, url.deletingLastPathComponent().path, mask)
            guard watch >= 0 else {
                close(fd)
                return nil
            }
            names[watch, default: []].insert(url.lastPathComponent)
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
            let watchField = MemoryLayout<inotify_event>.offset(of: \.wd)!
            while offset + header <= count {
                let (length, watch) = buffer.withUnsafeBytes {
                    (Int($0.loadUnaligned(fromByteOffset: offset + lengthField, as: UInt32.self)),
                     $0.loadUnaligned(fromByteOffset: offset + watchField, as: Int32.self))
                }
                let nameBytes = buffer[(offset + header)..<min(count, offset + header + length)]
                let eventName = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                if names[watch]?.contains(eventName) == true { touched = true }
                offset += header + length
            }
        }
        if touched { onChange() }
    }
}
