/// The windows in the order they opened, which one is shown, and the order
/// they were shown in, so closing the shown window returns to the one before
/// it, like popping a navigation stack.
package struct WindowStack<Element: AnyObject> {
    /// Open windows, oldest first: the order `switch next` and `prev` cycle through.
    package private(set) var windows: [Element] = []
    /// Most recently shown last.
    private var history: [Element] = []

    package var shown: Element? { history.last }
    /// Open windows in the order they were last shown, the shown one last.
    package var shownOrder: [Element] { history }

    /// A newly mapped window goes on top and is shown.
    package mutating func push(_ window: Element) {
        windows.append(window)
        history.append(window)
    }

    /// Removes a window; when it was the shown one, the previously shown window
    /// (if any) is shown again.
    package mutating func remove(_ window: Element) {
        windows.removeAll { $0 === window }
        history.removeAll { $0 === window }
    }

    /// Shows `window`, which must be open.
    package mutating func show(_ window: Element) {
        guard windows.contains(where: { $0 === window }) else { return }
        history.removeAll { $0 === window }
        history.append(window)
    }

    /// The window after (or before) the shown one in opening order, wrapping around.
    package func neighbour(after: Bool) -> Element? {
        guard let shown, let index = windows.firstIndex(where: { $0 === shown }), windows.count > 1 else { return nil }
        let next = (index + (after ? 1 : -1) + windows.count) % windows.count
        return windows[next]
    }
}
