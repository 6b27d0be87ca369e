/// What Burn-My-Windows' JavaScript gives one of its published effects: the
/// facts its `.frag` file alone does not hold (which setting or image feeds
/// which uniform, how much room it draws in around the window, how long it
/// lasts), read from the extension's scripts and settings schema and kept
/// here in Segue's own table (`published`). Segue ships none of its shaders.
public struct BurnMyWindowsEffect: Sendable {
    /// Where a uniform's value comes from.
    public enum Source: Sendable, Equatable {
        /// A setting of the effect's profile: its GSettings key and the
        /// schema's default, as numbers (a colour's four channels 0...1, a
        /// switch 0 or 1), as many as the uniform's type takes.
        case setting(key: String, defaults: [Double])
        /// Random at each play, 0..<1 per component.
        case seed
        /// An image in the extension's `resources/img/` folder (its file name).
        case image(String)
        /// The room's height in window heights, as the effect draws in it
        /// (the actor's vertical scale the script gives the shader).
        case roomHeight
        /// Set by the script from what Segue has no counterpart of (the
        /// pointer, a window's icon): this neutral value.
        case fixed([Double])
    }

    /// The shader's file name without `.frag`, which names the effect's settings.
    public let nick: String
    /// By uniform name; the standard uniforms every effect gets are not listed.
    public let uniforms: [String: Source]
    /// How many times the window's width and height the effect draws in,
    /// centred on the window (its actor's scale): 1 draws within the window.
    public let room: (x: Double, y: Double)
    /// Whether the room's height reaches `room.y` times the output's over
    /// the window's too, where that is more (doom's actor covers the screen).
    public let roomReachesOutput: Bool
    /// The schema's default animation time, in seconds.
    public let duration: Double

    public init(nick: String, uniforms: [String: Source], room: (x: Double, y: Double) = (1, 1), roomReachesOutput: Bool = false,
                duration: Double) {
        self.nick = nick
        self.uniforms = uniforms
        self.room = room
        self.roomReachesOutput = roomReachesOutput
        self.duration = duration
    }
}
