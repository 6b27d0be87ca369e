import SegueEngine

/// The window switcher a person holds (Alt+Tab): opened by a first press,
/// stepped by more, committed by letting go of the modifier, a click or a
/// tap, cancelled by Escape. It lists windows most recently shown first and
/// starts on the second, the window a single quick press goes back to. Its
/// overlay appears only after `openDelay` seconds, so a quick tap shows
/// nothing and just switches.
package struct Switcher<Window: AnyObject> {
    package enum Phase: Equatable {
        /// Not held.
        case closed
        /// Held, the overlay not shown yet.
        case pending
        /// Held, the overlay shown.
        case open
    }

    package private(set) var phase = Phase.closed
    /// The windows listed, most recently shown first.
    package private(set) var windows: [Window] = []
    private var selected = 0
    /// When it was opened, for the open delay.
    private var openedAt = Instant.zero
    /// When its overlay showed, for its appearance's animation.
    package private(set) var shownAt: Instant?
    /// Seconds between the first press and the overlay showing.
    package var openDelay = 0.15

    package init() {}

    package var isHeld: Bool { phase != .closed }
    /// Where the selection is in `windows`, while held.
    package var selectedIndex: Int? { selection == nil ? nil : selected }
    /// The window a commit shows, while held.
    package var selection: Window? { isHeld && windows.indices.contains(selected) ? windows[selected] : nil }

    /// Opens on `windows` (most recently shown first) with the second selected,
    /// or the last going `backward`; false, and nothing held, for fewer than two.
    mutating func open(listing windows: [Window], backward: Bool, at now: Instant) -> Bool {
        guard windows.count > 1 else { return false }
        self.windows = windows
        selected = backward ? windows.count - 1 : 1
        openedAt = now
        phase = .pending
        return true
    }

    /// The selection moves one on (or back), wrapping.
    mutating func step(backward: Bool) {
        guard isHeld else { return }
        selected = (selected + (backward ? -1 : 1) + windows.count) % windows.count
    }

    /// Selects `window` if it is listed; whether it is.
    mutating func select(_ window: Window) -> Bool {
        guard isHeld, let index = windows.firstIndex(where: { $0 === window }) else { return false }
        selected = index
        return true
    }

    /// The open delay passed: the overlay shows. Whether it just did.
    mutating func tick(at now: Instant) -> Bool {
        guard phase == .pending, now.seconds(since: openedAt) >= openDelay else { return false }
        phase = .open
        shownAt = now
        return true
    }

    /// When the overlay is due, while it is pending.
    package var opensAt: Instant? { phase == .pending ? openedAt + openDelay : nil }

    /// Lets go: the selection, where it was held.
    mutating func close() -> Window? {
        defer { phase = .closed; windows = []; selected = 0; shownAt = nil }
        return selection
    }

    /// `window` went: it leaves the list, the selection staying on the same
    /// place (the next window); with fewer than two left it closes. Whether it did.
    mutating func remove(_ window: Window) -> Bool {
        guard isHeld, let index = windows.firstIndex(where: { $0 === window }) else { return false }
        windows.remove(at: index)
        guard windows.count > 1 else {
            _ = close()
            return true
        }
        if index < selected { selected -= 1 }
        if selected == windows.count { selected = 0 }
        return false
    }
}
