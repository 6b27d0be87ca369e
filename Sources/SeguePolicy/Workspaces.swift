import SegueEngine

/// Numbered workspaces, as sway numbers them: each has its own window stack
/// (and with it its most-recently-used order), and one is shown. A workspace
/// is made when first shown or given a window, and dropped once it is
/// neither shown nor holds a window (minimized ones count). There is one
/// output today; it holds them all.
package struct Workspaces<Window: AnyObject> {
    private var stacks: [Int: WindowStack<Window>] = [1: WindowStack()]
    /// The number of the workspace shown.
    package private(set) var shownNumber = 1
    /// How long a window must be shown to move up, on every workspace (see `WindowStack`).
    package var debounce = 0.75 {
        didSet { for number in stacks.keys { stacks[number]?.debounce = debounce } }
    }

    package init() {}

    /// The shown workspace's stack.
    package var shown: WindowStack<Window> {
        get { stacks[shownNumber] ?? WindowStack() }
        set { stacks[shownNumber] = newValue }
    }

    /// The workspaces there are, by number.
    package var numbers: [Int] { stacks.keys.sorted() }

    /// Workspace `number`'s stack; nil where there is none.
    package func stack(_ number: Int) -> WindowStack<Window>? { stacks[number] }

    /// The number of the workspace `window` is on; nil where it is on none.
    package func number(of window: Window) -> Int? {
        stacks.first { $0.value.windows.contains { $0 === window } || $0.value.isMinimized(window) }?.key
    }

    /// Every window, workspace by workspace in number order, each in the order
    /// they opened, then its minimized ones in the order they were minimized.
    package var allWindows: [Window] { numbers.flatMap { (stacks[$0]?.windows ?? []) + (stacks[$0]?.minimized ?? []) } }

    /// Whether `window` is minimized, on whichever workspace.
    package func isMinimized(_ window: Window) -> Bool { stacks.values.contains { $0.isMinimized(window) } }

    /// Workspace `number` is shown, made if need be; the one shown before goes if it holds no window.
    mutating func show(_ number: Int) {
        guard number != shownNumber else { return }
        if stacks[shownNumber]?.isEmpty == true { stacks[shownNumber] = nil }
        if stacks[number] == nil { stacks[number] = made() }
        shownNumber = number
    }

    /// `window` goes on top of workspace `number` (made if need be) and is the one shown there.
    mutating func add(_ window: Window, to number: Int, at now: Instant? = nil) {
        var stack = stacks[number] ?? made()
        stack.push(window, at: now)
        stacks[number] = stack
    }

    /// `window` leaves its workspace, which goes if it is not shown and holds no other.
    mutating func remove(_ window: Window) {
        guard let number = number(of: window) else { return }
        stacks[number]?.remove(window)
        if number != shownNumber, stacks[number]?.isEmpty == true { stacks[number] = nil }
    }

    /// `window` is minimized on its workspace.
    mutating func minimize(_ window: Window) {
        guard let number = number(of: window) else { return }
        stacks[number]?.minimize(window)
    }

    /// `window`, minimized, goes back on top of its workspace and is the one shown there.
    mutating func restore(_ window: Window, at now: Instant? = nil) {
        guard let number = number(of: window) else { return }
        stacks[number]?.restore(window, at: now)
    }

    /// The workspace after (or before) the shown one among those there are,
    /// round from the last to the first; nil where there is only the one.
    package func neighbour(after: Bool) -> Int? {
        let numbers = numbers
        guard numbers.count > 1, let index = numbers.firstIndex(of: shownNumber) else { return nil }
        return numbers[(index + (after ? 1 : -1) + numbers.count) % numbers.count]
    }

    private func made() -> WindowStack<Window> {
        var stack = WindowStack<Window>()
        stack.debounce = debounce
        return stack
    }
}

/// A workspace switch: the number of the workspace shown before it, and of the one it shows.
package struct WorkspaceChange: Equatable, Sendable {
    package let from: Int
    package let to: Int

    package init(from: Int, to: Int) {
        self.from = from
        self.to = to
    }
}
