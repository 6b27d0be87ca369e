/// The output edges a layer surface is placed against (wlr-layer-shell's anchor bits).
public struct LayerAnchor: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let top = LayerAnchor(rawValue: 1)
    public static let bottom = LayerAnchor(rawValue: 2)
    public static let left = LayerAnchor(rawValue: 4)
    public static let right = LayerAnchor(rawValue: 8)
    public static let all: LayerAnchor = [.top, .bottom, .left, .right]
}

/// Distances from the output's edges, in surface units.
public struct EdgeDistances: Sendable, Hashable {
    public var top, right, bottom, left: Int

    public init(top: Int = 0, right: Int = 0, bottom: Int = 0, left: Int = 0) {
        self.top = top
        self.right = right
        self.bottom = bottom
        self.left = left
    }
}

/// Where a layer surface asks to lie, as its client last committed it.
public struct LayerRequest: Sendable, Hashable {
    /// Surface units; 0 on an axis: stretched between that axis's anchors.
    public var width, height: Int
    public var anchor: LayerAnchor
    /// Positive: a strip along its edge others keep clear of; 0: kept clear of
    /// others' strips; negative: where its anchors put it, over others' strips.
    public var exclusiveZone: Int
    public var margin: EdgeDistances

    public init(width: Int = 0, height: Int = 0, anchor: LayerAnchor = [], exclusiveZone: Int = 0, margin: EdgeDistances = EdgeDistances()) {
        self.width = width
        self.height = height
        self.anchor = anchor
        self.exclusiveZone = exclusiveZone
        self.margin = margin
    }

    /// The edge whose strip it keeps: the one edge it is anchored to, alone
    /// or with both edges across it; nil anchored to a corner, to opposite
    /// edges only, or to none, where a strip along one edge means nothing.
    var exclusiveEdge: LayerAnchor? {
        guard exclusiveZone > 0 else { return nil }
        for edge: LayerAnchor in [.top, .bottom, .left, .right] {
            let across: LayerAnchor = edge == .top || edge == .bottom ? [.left, .right] : [.top, .bottom]
            if anchor == edge || anchor == edge.union(across) { return edge }
        }
        return nil
    }
}

/// Places layer surfaces on an output the way wlroots compositors do, so
/// bars and launchers look as their authors meant: surfaces that keep a
/// strip first, each taking its strip from the area left, then the rest
/// within what is left (or the whole output, for those that ask to ignore
/// strips). Windows get the area left at the end.
public enum LayerArrangement {
    /// Each request's rectangle, in the order given (top layer first, and
    /// within a layer the oldest first: the order strips are taken in), and
    /// the area left for windows; all in surface units within `output`.
    public static func arrange(_ requests: [LayerRequest], in output: PixelRect) -> (rects: [PixelRect], usable: PixelRect) {
        var rects = [PixelRect](repeating: output, count: requests.count)
        var usable = output
        for keepsStrip in [true, false] {
            for (index, request) in requests.enumerated() where (request.exclusiveZone > 0) == keepsStrip {
                let bounds = request.exclusiveZone < 0 ? output : usable
                rects[index] = place(request, within: bounds)
                if let edge = request.exclusiveEdge { usable = taking(request.exclusiveZone, along: edge, margin: request.margin, from: usable) }
            }
        }
        return (rects, usable)
    }

    /// Where `request` lies within `bounds`: its size, or stretched between
    /// opposite anchors less their margins; against the edges it is anchored
    /// to, its margin away; centred on an axis anchored to both or neither.
    static func place(_ request: LayerRequest, within bounds: PixelRect) -> PixelRect {
        let (x, width) = axis(start: bounds.x, length: bounds.width, size: request.width,
                              anchoredLow: request.anchor.contains(.left), anchoredHigh: request.anchor.contains(.right),
                              marginLow: request.margin.left, marginHigh: request.margin.right)
        let (y, height) = axis(start: bounds.y, length: bounds.height, size: request.height,
                               anchoredLow: request.anchor.contains(.top), anchoredHigh: request.anchor.contains(.bottom),
                               marginLow: request.margin.top, marginHigh: request.margin.bottom)
        return PixelRect(x: x, y: y, width: width, height: height)
    }

    private static func axis(start: Int, length: Int, size: Int, anchoredLow: Bool, anchoredHigh: Bool,
                             marginLow: Int, marginHigh: Int) -> (Int, Int) {
        switch (anchoredLow, anchoredHigh) {
        case (true, true):
            let room = length - marginLow - marginHigh
            let size = size == 0 ? max(0, room) : size
            return (start + marginLow + (room - size) / 2, size)
        case (true, false):
            return (start + marginLow, size)
        case (false, true):
            return (start + length - marginHigh - size, size)
        case (false, false):
            return (start + (length - size) / 2, size)
        }
    }

    /// `area` less a strip `zone` units deep (plus the margin on that edge,
    /// which a client may make negative: never less than nothing) along `edge`.
    private static func taking(_ zone: Int, along edge: LayerAnchor, margin: EdgeDistances, from area: PixelRect) -> PixelRect {
        var area = area
        func depth(_ margin: Int, within room: Int) -> Int { max(0, min(room, zone + margin)) }
        switch edge {
        case .top:
            let strip = depth(margin.top, within: area.height)
            area.y += strip
            area.height -= strip
        case .bottom:
            area.height -= depth(margin.bottom, within: area.height)
        case .left:
            let strip = depth(margin.left, within: area.width)
            area.x += strip
            area.width -= strip
        default:
            area.width -= depth(margin.right, within: area.width)
        }
        return area
    }
}
