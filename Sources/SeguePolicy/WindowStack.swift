import SegueEngine

/// The windows in the order they opened, which one is shown, and the order
/// they were last shown in (most recently used), so closing the shown window
/// returns to the one before it, like popping a navigation stack, and a
/// switcher lists them by when they were last looked at.
///
/// A window shown in passing (stepping through windows in opening order) for less than `debounce` seconds, with no input while it was,
/// does not move up in that order: left for another, it goes back to where it
/// stood. A window chosen (by id, as the one shown before, from the switcher)
/// counts at once. The window shown now is always first.
///
/// A minimized window leaves the stack and waits beside it, until restored
/// on top (after the others in opening order).
package struct WindowStack<Element: AnyObject> {
    /// Open windows, oldest first: the order `switch next` and `prev` cycle through.
    package private(set) var windows: [Element] = []
    /// Minimized windows, the most recently minimized last.
    package private(set) var minimized: [Element] = []
    /// Most recently shown last.
    private var history: [Element] = []
    /// When each window was last shown, in step with `history`.
    private var shownAt: [Instant] = []
    /// The shown window while it has not counted yet as looked at: when it was
    /// shown, and where it stood in `history` (and since when) before.
    private var passing: (window: Element, since: Instant, formerIndex: Int, formerTime: Instant)?
    /// Seconds a window must be shown, without input, to move up.
    package var debounce = 0.75

    package init() {}

    package var shown: Element? { history.last }
    /// Whether it holds no window, minimized or not.
    package var isEmpty: Bool { windows.isEmpty && minimized.isEmpty }

    /// Whether `window` is one of its minimized windows.
    package func isMinimized(_ window: Element) -> Bool { minimized.contains { $0 === window } }
    /// Open windows in the order they were last shown, the shown one last.
    package var shownOrder: [Element] { history }

    /// When `window` was last shown (for a window still passing, when it was before).
    package func lastShown(_ window: Element) -> Instant? {
        history.firstIndex { $0 === window }.map { shownAt[$0] }
    }

    /// A newly mapped window goes on top and is shown, at `now` (nil: a
    /// stack that keeps no time, where every window shown counts at once).
    package mutating func push(_ window: Element, at now: Instant? = nil) {
        settleShown(at: now)
        windows.append(window)
        history.append(window)
        shownAt.append(now ?? .zero)
    }

    /// Removes a window; when it was the shown one, the previously shown window
    /// (if any) is shown again.
    package mutating func remove(_ window: Element) {
        windows.removeAll { $0 === window }
        minimized.removeAll { $0 === window }
        if passing?.window === window { passing = nil }
        if let index = history.firstIndex(where: { $0 === window }) {
            history.remove(at: index)
            shownAt.remove(at: index)
        }
    }

    /// `window`, open in the stack, leaves it and waits minimized; the window
    /// shown before it shows where it was the one shown.
    package mutating func minimize(_ window: Element) {
        guard windows.contains(where: { $0 === window }) else { return }
        remove(window)
        minimized.append(window)
    }

    /// `window`, minimized, goes back on top and is shown, at `now` (as `push` takes it).
    package mutating func restore(_ window: Element, at now: Instant? = nil) {
        guard isMinimized(window) else { return }
        minimized.removeAll { $0 === window }
        push(window, at: now)
    }

    /// Shows `window`, which must be open, at `now` (as `push` takes it);
    /// `inPassing`, it counts only once shown for `debounce` or given input.
    package mutating func show(_ window: Element, at now: Instant? = nil, inPassing: Bool = false) {
        guard window !== shown, history.contains(where: { $0 === window }) else { return }
        // Settled first: the window left may go back, moving this one's place.
        settleShown(at: now)
        let index = history.firstIndex { $0 === window }!
        let formerTime = shownAt[index]
        history.remove(at: index)
        shownAt.remove(at: index)
        history.append(window)
        shownAt.append(now ?? .zero)
        if let now, inPassing { passing = (window, now, index, formerTime) }
    }

    /// Input reached `window`: shown, it counts as looked at from now on.
    package mutating func noteInput(to window: Element) {
        if passing?.window === window { passing = nil }
    }

    /// The shown window is about to be left at `now`: shown too briefly and
    /// untouched, it goes back to where it stood.
    private mutating func settleShown(at now: Instant?) {
        defer { passing = nil }
        guard let now, let passing, passing.window === shown, now.seconds(since: passing.since) < debounce else { return }
        history.removeLast()
        shownAt.removeLast()
        let index = min(passing.formerIndex, history.count)
        history.insert(passing.window, at: index)
        shownAt.insert(passing.formerTime, at: index)
    }

    /// The window after (or before) the shown one in opening order, wrapping around.
    package func neighbour(after: Bool) -> Element? {
        guard let shown, let index = windows.firstIndex(where: { $0 === shown }), windows.count > 1 else { return nil }
        let next = (index + (after ? 1 : -1) + windows.count) % windows.count
        return windows[next]
    }
}
