/// How a layer surface (a launcher, a notification) comes on screen and
/// goes: the motions Segue draws it with, as Hyprland's layer animations
/// name them. Going plays the coming backwards.
public enum SurfaceMotion: String, CaseIterable, Sendable {
    /// At once.
    case none
    /// Its opacity alone.
    case fade
    /// Fading in while it grows to its size from a little smaller, about its centre.
    case popin
    /// In from past the output's edge it is anchored to, whole.
    case slide

    /// Where a popin starts: this much of its size.
    public static let popinScale = 0.85

    /// The edge a surface anchored to `edges` slides in from: the one side
    /// it keeps to across (left or right), else up or down; nil where it
    /// keeps to neither side of either (centred), which pops in instead.
    public static func slideEdge(anchoredTo edges: Set<OutputEdge>) -> OutputEdge? {
        let across = edges.intersection([.left, .right]), along = edges.intersection([.top, .bottom])
        if across.count == 1 { return across.first }
        if along.count == 1 { return along.first }
        return nil
    }

    /// How a surface at `rect` on `output` looks `shown` of the way on
    /// screen (0: not at all, 1: as it is): where it is drawn and how opaque.
    public func look(of rect: PixelRect, shown: Double, edge: OutputEdge?, on output: PixelRect) -> SurfaceLook {
        let shown = min(max(shown, 0), 1)
        switch self {
        case .none:
            return SurfaceLook(rect: rect, opacity: shown > 0 ? 1 : 0)
        case .fade:
            return SurfaceLook(rect: rect, opacity: shown)
        case .slide:
            guard let edge else { return Self.popin.look(of: rect, shown: shown, edge: nil, on: output) }
            // From just past the edge: its own size plus the gap between it and that edge.
            let away = 1 - shown
            var moved = rect
            switch edge {
            case .left: moved.x -= Int((Double(rect.x + rect.width - output.x) * away).rounded())
            case .right: moved.x += Int((Double(output.x + output.width - rect.x) * away).rounded())
            case .top: moved.y -= Int((Double(rect.y + rect.height - output.y) * away).rounded())
            case .bottom: moved.y += Int((Double(output.y + output.height - rect.y) * away).rounded())
            }
            return SurfaceLook(rect: moved, opacity: 1)
        case .popin:
            let scale = Self.popinScale + (1 - Self.popinScale) * shown
            let width = Int((Double(rect.width) * scale).rounded()), height = Int((Double(rect.height) * scale).rounded())
            return SurfaceLook(rect: PixelRect(x: rect.x + (rect.width - width) / 2, y: rect.y + (rect.height - height) / 2,
                                               width: width, height: height), opacity: shown)
        }
    }
}

/// An edge of the output.
public enum OutputEdge: String, Hashable, Sendable {
    case top, bottom, left, right
}

/// Where a surface is drawn and how opaque, partway through its motion.
public struct SurfaceLook: Equatable, Sendable {
    public var rect: PixelRect
    public var opacity: Double

    public init(rect: PixelRect, opacity: Double) {
        self.rect = rect
        self.opacity = opacity
    }
}
