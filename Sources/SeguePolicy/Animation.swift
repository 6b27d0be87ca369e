import SegueEngine

/// One animation's identity from the moment it is decided to its completion:
/// its play, its transition and whoever listens share it.
package struct AnimationID: Hashable, Comparable, Sendable, CustomStringConvertible {
    package let value: UInt64

    package init(_ value: UInt64) { self.value = value }

    package static func < (left: Self, right: Self) -> Bool { left.value < right.value }
    package var description: String { "\(value)" }
}

/// What an animation animates.
package enum AnimationKind: Equatable, Sendable {
    /// A window taking the screen from another (opened, switched to, or
    /// back after a close): one is on screen at a time, and a newer one
    /// retargets it from what the screen shows.
    case transition(TransitionEvent)
    /// The switcher's overlay fading off the shown screen once let go: it runs
    /// beside the rest, and a transition starting meanwhile starts from it.
    case switcherDeparture
}

/// One running animation, as a value the policy keeps until it completes:
/// what it is, the windows it plays between, its clock (the transition's,
/// with curve and frame statistics, once played; a fade's), what it draws
/// over, and who hears when it starts and how it ends.
package struct Animation<Window: AnyObject, Screen> {
    /// Where an animation's progress comes from.
    package enum Clock {
        /// Decided, not given back yet.
        case waiting
        /// Played: the transition's own timing, curve and statistics.
        case transition(Transition<Screen>)
        /// `picture` fading out from `since` over `duration` seconds.
        case fade(picture: Screen, since: Instant, duration: Double)
    }

    /// A window smaller than the output opening (`opening`) or closing over
    /// the screen behind it, rather than as a screen of its own.
    package struct Over {
        package let window: Window
        package let opening: Bool

        package init(window: Window, opening: Bool) {
            self.window = window
            self.opening = opening
        }
    }

    package let id: AnimationID
    package let kind: AnimationKind
    /// The windows it plays between (nil: the bare background, or not a transition).
    package let from: Window?
    package let to: Window?
    package internal(set) var clock: Clock
    /// The workspaces it goes between, where it is a workspace switch.
    package internal(set) var workspaces: WorkspaceChange?
    /// What it draws over, where it is a window opening or closing over another screen.
    package internal(set) var over: Over?
    /// Why it plays as it does (the config's rule), for those who hear of it.
    package internal(set) var reason = ""
    /// Told once, when its first frame was presented.
    package internal(set) var onStart: ((Instant) -> Void)?
    /// Told once, as its completion is delivered, with `reason`.
    package internal(set) var listeners: [(TransitionCompletion, String) -> Void] = []

    /// Its transition, once played.
    package var transition: Transition<Screen>? {
        if case .transition(let transition) = clock { transition } else { nil }
    }
}

/// A play decided and not given back yet: the shell gives it to `play` or
/// `showAtOnce` exactly once. It cannot be copied, and dropping it unspent is
/// a bug a debug build traps on, as its record would wait forever.
package struct PlayToken: ~Copyable {
    package let id: AnimationID

    init(_ id: AnimationID) { self.id = id }

    /// Given back: the token is spent, and its id is what it stood for.
    consuming func spend() -> AnimationID {
        let id = self.id
        discard self
        return id
    }

    deinit { assertionFailure("play \(id) was dropped unspent: give every play to play or showAtOnce") }
}
