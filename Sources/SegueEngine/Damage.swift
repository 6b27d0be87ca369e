/// What changed of a picture since it was last brought up to date: nothing,
/// the pixels inside one rectangle around all of it, or everything. One
/// rectangle, not a list: fewer, larger copies beat many small ones. A
/// composed window's screen, the output's next frame and a nested window's
/// back buffers each keep theirs as one of these.
package enum Damage: Sendable, Equatable {
    case none
    case within(PixelRect)
    case everywhere

    /// `region` changed too; nil for everything.
    package mutating func add(_ region: PixelRect?) {
        guard let region else { return self = .everywhere }
        switch self {
        case .none: self = .within(region)
        case .within(let old): self = .within(PixelRect.bounds(of: [old, region]) ?? region)
        case .everywhere: break
        }
    }

    /// `other` changed too.
    package mutating func add(_ other: Damage) {
        switch other {
        case .none: break
        case .within(let region): add(region)
        case .everywhere: self = .everywhere
        }
    }

    /// Whether anything changed.
    package var isEmpty: Bool { self == .none }

    /// The rectangle to redraw: nil for everything (and for nothing, which `isEmpty` tells).
    package var region: PixelRect? {
        if case .within(let region) = self { region } else { nil }
    }
}
