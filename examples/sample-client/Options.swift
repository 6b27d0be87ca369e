/// The command line, parsed by hand so the sample needs nothing beyond libwayland.
struct Options {
    var label: String
    var color: UInt32
    var appID = "segue-sample"
    var title: String
    /// Draw with GLES into textures shared as dmabufs, not into wl_shm memory.
    var dmabuf = false
    /// A layer surface of this kind instead of a toplevel.
    var layer: LayerKind?

    static let usage = "usage: segue-sample-client --label TEXT --color RRGGBB [--app-id ID] [--title TITLE] [--dmabuf] [--layer bar|launcher|notification]"

    struct Invalid: Error {
        let message: String
    }

    /// Parses the arguments after the program name.
    static func parse(_ arguments: [String]) throws(Invalid) -> Options {
        var label: String?
        var color: UInt32?
        var appID: String?
        var title: String?
        var dmabuf = false
        var layer: LayerKind?
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            if flag == "--dmabuf" {
                dmabuf = true
                continue
            }
            guard let value = rest.popFirst() else {
                throw Invalid(message: "\(flag) needs a value")
            }
            switch flag {
            case "--label": label = value
            case "--color": color = try parseColor(value)
            case "--app-id": appID = value
            case "--title": title = value
            case "--layer":
                guard let kind = LayerKind(rawValue: value) else {
                    throw Invalid(message: "--layer is one of \(LayerKind.allCases.map(\.rawValue).joined(separator: ", ")), not \(value)")
                }
                layer = kind
            default: throw Invalid(message: "unknown option \(flag)")
            }
        }
        guard let label, !label.isEmpty else { throw Invalid(message: "--label is required") }
        guard let color else { throw Invalid(message: "--color is required") }
        var options = Options(label: label, color: color, title: title ?? label)
        if let appID { options.appID = appID }
        options.dmabuf = dmabuf
        options.layer = layer
        return options
    }

    private static func parseColor(_ text: String) throws(Invalid) -> UInt32 {
        let hex = text.hasPrefix("#") ? String(text.dropFirst()) : text
        guard hex.count == 6, hex.allSatisfy(\.isHexDigit), let value = UInt32(hex, radix: 16) else {
            throw Invalid(message: "--color wants six hex digits (RRGGBB), not \(text)")
        }
        return value
    }
}
