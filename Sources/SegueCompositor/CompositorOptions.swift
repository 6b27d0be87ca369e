import SegueEngine

/// How `segue run` was asked to start.
public struct CompositorOptions: Sendable {
    public var socket: String?
    public var width = 1920
    public var height = 1080
    public var refreshRate = 60.0
    /// 0...1 per channel.
    public var background: (Float, Float, Float) = (0.08, 0.08, 0.1)
    /// Writes each presented transition frame as PNG here.
    public var recordDirectory: String?
    /// The effect each event plays.
    public var effects: [TransitionEvent: String] = [.open: "zoom-from-rect", .switch: "slide", .close: "zoom-from-rect"]

    public init() {}
}
