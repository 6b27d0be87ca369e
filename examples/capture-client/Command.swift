/// What the command line asks for.
struct Command {
    enum CaptureProtocol: String {
        case wlr, ext
    }

    struct Region {
        let x: Int32
        let y: Int32
        let width: Int32
        let height: Int32
    }

    struct Failure: Error {
        let message: String
    }

    var help = false
    var captureProtocol = CaptureProtocol.wlr
    /// The app_id of the window to capture (ext), instead of the output.
    var window: String?
    var frames: Int?
    var seconds: Double?
    var damage = false
    var cursor = false
    var region: Region?
    var format = PixelFormat.xrgb
    var png: String?

    static let usage = """
        usage: segue-capture-client [--protocol wlr|ext] [--window APP_ID] [--frames N] [--seconds S]
                                    [--damage] [--cursor] [--region X,Y,WxH] [--format xrgb|argb] [--png PATH]
          --window needs --protocol ext; --damage and --region (surface units) need --protocol wlr, the default.
        """

    static func parse(_ arguments: [String]) throws(Failure) -> Command {
        var command = Command()
        var rest = arguments[...]
        while let option = rest.popFirst() {
            switch option {
            case "-h", "--help":
                command.help = true
                return command
            case "--damage":
                command.damage = true
                continue
            case "--cursor":
                command.cursor = true
                continue
            default:
                break
            }
            guard let value = rest.popFirst() else { throw Failure(message: "\(option) needs a value") }
            switch option {
            case "--protocol":
                guard let chosen = CaptureProtocol(rawValue: value) else { throw Failure(message: "--protocol takes wlr or ext, not '\(value)'") }
                command.captureProtocol = chosen
            case "--window":
                command.window = value
            case "--frames":
                guard let frames = Int(value), frames > 0 else { throw Failure(message: "--frames takes a count above 0, not '\(value)'") }
                command.frames = frames
            case "--seconds":
                guard let seconds = Double(value), seconds > 0, seconds.isFinite else {
                    throw Failure(message: "--seconds takes a number of seconds above 0, not '\(value)'")
                }
                command.seconds = seconds
            case "--region":
                command.region = try region(value)
            case "--format":
                guard let format = PixelFormat(rawValue: value) else { throw Failure(message: "--format takes xrgb or argb, not '\(value)'") }
                command.format = format
            case "--png":
                command.png = value
            default:
                throw Failure(message: "unknown option '\(option)'")
            }
        }
        if command.window != nil && command.captureProtocol != .ext {
            throw Failure(message: "--window needs --protocol ext")
        }
        if (command.damage || command.region != nil) && command.captureProtocol != .wlr {
            throw Failure(message: "--damage and --region need --protocol wlr")
        }
        return command
    }

    /// X,Y,WxH as grim's -g takes it.
    private static func region(_ text: String) throws(Failure) -> Region {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        let size = parts.count == 3 ? parts[2].split(separator: "x", omittingEmptySubsequences: false) : []
        guard size.count == 2, let x = Int32(parts[0]), let y = Int32(parts[1]), let width = Int32(size[0]), let height = Int32(size[1]),
              width > 0, height > 0 else {
            throw Failure(message: "--region takes X,Y,WxH in surface units, not '\(text)'")
        }
        return Region(x: x, y: y, width: width, height: height)
    }
}
