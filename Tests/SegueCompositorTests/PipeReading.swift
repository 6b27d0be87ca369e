import Glibc

/// All a pipe gives until its writer closes it, or nothing comes for 5 s.
func read(_ fd: Int32) -> String {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 256)
    var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    while poll(&ready, 1, 5000) == 1 {
        let count = Glibc.read(fd, &chunk, chunk.count)
        guard count > 0 else { break }
        bytes += chunk[0..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
}
