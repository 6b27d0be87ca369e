import Foundation

/// An X11 display held for Xwayland: the first free number, its lock file
/// and its two listening sockets (the file in `.X11-unix` and the abstract
/// one of the same name, which libxcb tries first), made as the compositor
/// starts so that `DISPLAY` is known before any X11 program runs. Xwayland
/// is handed the sockets and never makes its own. `close` removes what this
/// made and nothing else.
final class X11Display {
    let number: Int
    /// Listening: the socket file's, then the abstract one's.
    let sockets: [Int32]
    private let lockPath: String
    private let socketPath: String

    var name: String { ":\(number)" }

    private init(number: Int, sockets: [Int32], lockPath: String, socketPath: String) {
        self.number = number
        self.sockets = sockets
        self.lockPath = lockPath
        self.socketPath = socketPath
    }

    /// The first display from `first` whose lock this process can take
    /// (a lock left by a process that is gone is taken over) and whose
    /// sockets it can bind, under `root` (`/tmp`; tests give their own).
    static func open(root: String = "/tmp", first: Int = 0, last: Int = 64) throws -> X11Display {
        let folder = root + "/.X11-unix"
        // World-writable and sticky, as X servers make it; an existing one is left as it is.
        if mkdir(folder, 0o1777) == 0 { chmod(folder, 0o1777) }
        for number in first...last {
            let lockPath = "\(root)/.X\(number)-lock"
            guard takeLock(lockPath) else { continue }
            let socketPath = "\(folder)/X\(number)"
            // Holding the lock, a socket file of that number is a dead server's.
            unlink(socketPath)
            guard let file = listen(path: socketPath, abstract: false) else {
                unlink(lockPath)
                continue
            }
            guard let abstract = listen(path: socketPath, abstract: true) else {
                Glibc.close(file)
                unlink(socketPath)
                unlink(lockPath)
                continue
            }
            return X11Display(number: number, sockets: [file, abstract], lockPath: lockPath, socketPath: socketPath)
        }
        throw X11DisplayError("no free X11 display from :\(first) to :\(last) under \(root)")
    }

    /// Closes the sockets and removes the socket file and the lock.
    func close() {
        for fd in sockets { Glibc.close(fd) }
        unlink(socketPath)
        unlink(lockPath)
    }

    /// Makes `path` holding this process's pid as X servers write it
    /// (ten characters and a newline); a lock whose pid is not running is
    /// removed and made anew.
    private static func takeLock(_ path: String) -> Bool {
        for _ in 0..<2 {
            let fd = Glibc.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o444)
            if fd >= 0 {
                let text = String(repeating: " ", count: max(0, 10 - String(getpid()).count)) + "\(getpid())\n"
                let written = text.withCString { write(fd, $0, strlen($0)) }
                Glibc.close(fd)
                if written == text.utf8.count { return true }
                unlink(path)
                return false
            }
            guard errno == EEXIST, let holder = lockHolder(path), kill(holder, 0) != 0, errno == ESRCH else { return false }
            unlink(path)
        }
        return false
    }

    private static func lockHolder(_ path: String) -> pid_t? {
        guard let data = FileManager.default.contents(atPath: path), data.count <= 64,
              let pid = pid_t(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)), pid > 0 else { return nil }
        return pid
    }

    private static func listen(path: String, abstract: Bool) -> Int32? {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        // An abstract name starts with a zero byte; its length, not a terminator, ends it.
        let bytes = (abstract ? [0] : []) + Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else {
            Glibc.close(fd)
            return nil
        }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + (abstract ? 0 : 1))
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0, Glibc.listen(fd, 16) == 0 else {
            Glibc.close(fd)
            return nil
        }
        return fd
    }
}

struct X11DisplayError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
