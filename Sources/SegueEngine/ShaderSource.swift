import Foundation

/// An effect shader in the GL Transition Specification v1 format, a niri
/// window open or close shader, or a Burn-My-Windows effect, with the
/// parameters and annotations Segue reads from its comments.
public struct ShaderSource: Sendable, Equatable {
    /// Which function the file defines, and so how it is called: its format.
    public enum Interface: String, Sendable, Equatable {
        /// `vec4 transition(vec2 uv)` between two screens (gl-transitions).
        case glTransitions = "gl-transitions"
        /// niri's `vec4 open_color(vec3 coords_geo, vec3 size_geo)`: one window appearing.
        case niriOpen = "niri open"
        /// niri's `vec4 close_color(vec3 coords_geo, vec3 size_geo)`: one window going.
        case niriClose = "niri close"
        /// niri's `vec4 resize_color(vec3 coords_curr_geo, vec3 size_curr_geo)`:
        /// one window changing its rectangle, from its old picture to its new.
        case niriResize = "niri resize"
        /// Burn-My-Windows' `void main()` calling `setOutputColor`: one
        /// window appearing or going, told which by `uForOpening`.
        case burnMyWindows = "burn-my-windows"

        /// How one window's shader plays where the window appears
        /// (`opening`: from nothing to it) or goes (from it to nothing),
        /// whatever the event: its own function forward, the other's
        /// backwards; one told which it draws, forward in time. Nil for two
        /// screens' shader, which plays as its event says.
        public func direction(opening: Bool) -> TransitionDirection? {
            switch self {
            case .glTransitions: nil
            case .niriOpen: opening ? .forward : .reverse
            case .niriClose: opening ? .reverse : .forward
            case .burnMyWindows: .forward
            case .niriResize: nil
            }
        }

        /// Whether it draws one window coming or going rather than two screens.
        public var drawsOneWindow: Bool { self != .glTransitions && self != .niriResize }
    }

    public enum Language: Sendable, Equatable {
        /// GLSL ES 1.00 (WebGL 1), what gl-transitions effects are written in; the default.
        case glsl100
        /// `#version 300 es`.
        case glsl300
    }

    /// Where the text came from, for messages: a file path or e.g. `<swift>`.
    public let path: String
    /// The text with its `#version` line emptied, so the wrapper can put its own
    /// first while compiler line numbers still match the file.
    public let body: String
    public let language: Language
    /// In declaration order.
    public let parameters: [ParameterSpec]
    /// In file order.
    public let annotations: [Annotation]
    /// File-scope initializers the wrapper runs before `transition()`, in file
    /// order; the body holds their declarations without them.
    public let deferredInitializers: [DeferredInitializer]
    public let interface: Interface
    /// The functions the file defines, by name: a helper of its format's
    /// prelude it defines itself is left out of the prelude.
    public let functions: Set<String>

    /// Files larger than this are surely not shaders, and are not read into memory.
    public static let maximumFileSize = 256 * 1024

    public static func parse(_ text: String, path: String) throws(ShaderSourceError) -> ShaderSource {
        try ShaderSourceParser(text, path: path).parse()
    }

    public static func load(path: String) throws(ShaderSourceError) -> ShaderSource {
        let bytes = try readBytes(path)
        let text = String(decoding: bytes, as: UTF8.self)
        // Decoding replaces invalid UTF-8, so a round trip that changes the bytes means it was not text.
        guard !bytes.contains(0), text.utf8.elementsEqual(bytes) else {
            throw ShaderSourceError(path: path, line: 1, column: 1, message: "not a text file")
        }
        return try parse(text, path: path)
    }

    /// Reads at most one byte past the limit, so that a huge or endless file
    /// (a device, a pipe) is refused without reading it all.
    private static func readBytes(_ path: String) throws(ShaderSourceError) -> [UInt8] {
        func failure(_ message: String) -> ShaderSourceError {
            ShaderSourceError(path: path, line: 1, column: 1, message: message)
        }
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw failure("cannot open: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while bytes.count <= maximumFileSize {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw failure("cannot read: \(String(cString: strerror(errno)))")
            }
            if n == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<n])
        }
        throw failure("larger than \(maximumFileSize / 1024) KiB; not an effect shader")
    }
}
