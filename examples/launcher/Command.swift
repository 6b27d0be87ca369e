/// What the command line asks for.
enum Command {
    struct Settings {
        var effect: String?
        var rect: (x: Int32, y: Int32, width: Int32, height: Int32)?
        var duration: UInt32?
    }

    struct Failure: Error {
        let message: String
    }

    case help
    case list
    case show(window: UInt32, Settings)

    static let usage = """
        usage: segue-launcher list
               segue-launcher show ID [--effect NAME] [--rect X,Y,W,H] [--duration MS]
        """

    static func parse(_ arguments: [String]) throws(Failure) -> Command {
        guard let verb = arguments.first else { throw Failure(message: "say list or show") }
        switch verb {
        case "-h", "--help":
            return .help
        case "list":
            guard arguments.count == 1 else { throw Failure(message: "list takes no arguments") }
            return .list
        case "show":
            guard arguments.count >= 2, let id = UInt32(arguments[1]) else {
                throw Failure(message: "show takes a window id, as list prints it")
            }
            return .show(window: id, try settings(Array(arguments.dropFirst(2))))
        default:
            throw Failure(message: "unknown command '\(verb)'")
        }
    }

    private static func settings(_ arguments: [String]) throws(Failure) -> Settings {
        var settings = Settings()
        var rest = arguments[...]
        while let option = rest.popFirst() {
            guard let value = rest.popFirst() else { throw Failure(message: "\(option) needs a value") }
            switch option {
            case "--effect":
                settings.effect = value
            case "--rect":
                let parts = value.split(separator: ",").compactMap { Int32($0) }
                guard parts.count == 4 else { throw Failure(message: "--rect takes X,Y,W,H in surface units, not '\(value)'") }
                settings.rect = (parts[0], parts[1], parts[2], parts[3])
            case "--duration":
                guard let duration = UInt32(value) else { throw Failure(message: "--duration takes milliseconds, not '\(value)'") }
                settings.duration = duration
            default:
                throw Failure(message: "unknown option '\(option)'")
            }
        }
        return settings
    }
}
