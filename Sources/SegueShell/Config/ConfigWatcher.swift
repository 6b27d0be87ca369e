import Foundation
import Glibc
import SegueLoop

/// Calls back when the config file, or a shader file it names, may have
/// changed. It watches each file's folder rather than the file, so a file an
/// editor replaces (written beside it, then renamed over it) is noticed as
/// well as one written in place. One inotify descriptor serves for its whole
/// life: a save made while a reload is still checking the last one waits in
/// it, and is read once that reload is done, whatever files are watched then.
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
        source = loop.watch(fd: fd, events: .readable) { [unowned self] _ in
            self.drain()
        }
        guard source != nil, watch(paths) else {
            source?.remove()
            close(fd)
            return nil
        }
    }

    deinit {
        source?.remove()
        close(fd)
    }

    /// Watches `paths` from now on, in place of those watched so far; false
    /// when a folder cannot be watched.
    @discardableResult
    func watch(_ paths: [String]) -> Bool {
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE)
        var watched: [Int32: Set<String>] = [:]
        var complete = true
        for path in paths {
            let url = URL(fileURLWithPath: path)
            // A folder watched already gives its descriptor again.
            let watch = inotify_add_watch(fd, url.deletingLastPathComponent().path, mask)
            guard watch >= 0 else {
                complete = false
                continue
            }
            watched[watch, default: []].insert(url.lastPathComponent)
        }
        for watch in names.keys where watched[watch] == nil { inotify_rm_watch(fd, watch) }
        names = watched
        return complete
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
