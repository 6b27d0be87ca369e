/// What completed as a frame was presented: the completion handlers of the
/// transitions it ended, run by the caller once it has finished presenting
/// (`deliver`), in the order they completed, never from inside presentation,
/// so no handler starts a transition while another's frame is still being
/// accounted for. Dropping them undelivered is a bug: a debug build traps.
public final class FrameCompletions {
    private var handlers: [() -> Void]

    public init() { handlers = [] }

    package init(_ handlers: [() -> Void]) { self.handlers = handlers }

    /// Whether the frame ended nothing.
    public var isEmpty: Bool { handlers.isEmpty }

    /// Runs the handlers, once.
    public func deliver() {
        let due = handlers
        handlers = []
        for handler in due { handler() }
    }

    deinit { assert(handlers.isEmpty, "a presented frame's completions were dropped undelivered") }
}
