/// `[output]`: the headless output. Nil where the file says nothing, so that
/// command-line options and the compositor's own defaults still apply.
public struct OutputSettings: Sendable, Equatable {
    public struct Size: Sendable, Equatable {
        public var width: Int
        public var height: Int

        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
    }

    /// 0...1 per channel.
    public struct Colour: Sendable, Equatable {
        public var red: Double
        public var green: Double
        public var blue: Double

        public init(red: Double, green: Double, blue: Double) {
            self.red = red
            self.green = green
            self.blue = blue
        }
    }

    public static let sizeRange = 16...8192
    public static let refreshRange = 1.0...360.0
    public static let scaleRange = 1...4

    public var size: Size?
    /// Hz.
    public var refresh: Double?
    public var background: Colour?
    /// Output pixels per surface unit, the wl_output scale clients draw for:
    /// 2 on a HiDPI screen, so text keeps its size and comes out sharp.
    public var scale: Int?

    public init(size: Size? = nil, refresh: Double? = nil, background: Colour? = nil, scale: Int? = nil) {
        self.size = size
        self.refresh = refresh
        self.background = background
        self.scale = scale
    }
}
