import SegueEngine
import SegueIPC
import SegueWayland

/// What can be asked of the shell. Key bindings, the control socket,
/// segue-transition-v1 and xdg-activation all ask through `perform`, so each
/// way in behaves, and fails, the same.
enum Action {
    /// Shows the next or previous window in opening order, or the one with an
    /// id, with the config's transition or what `request` chooses.
    case show(SwitchTarget, TransitionRequest = TransitionRequest())
    /// Asks a window (by default the shown one) to close, as its close button
    /// would; once it goes, the window before it comes back with a pop.
    case close(SwitchTarget? = nil)
    /// Rereads the config file.
    case reload
    /// A switch a hand drives: begun toward a window, moved, let go or called off.
    case gesture(GestureStep)
    /// The held window switcher: opened, stepped, let go or called off.
    case switcher(SwitcherStep)
    /// Minimizes a window (by default the shown one): the one shown before it comes back.
    case minimize(SwitchTarget? = nil)
    /// Restores a minimized window (by default the one minimized last on the
    /// shown workspace, else on any) on top of its workspace, which shows.
    case restore(SwitchTarget? = nil)
    /// Shows a workspace, with the config's transition for it.
    case workspace(WorkspaceTarget)
    /// Moves a window (by default the shown one) to a workspace, on top there.
    case moveToWorkspace(WorkspaceTarget, window: SwitchTarget? = nil)
    /// Asks a window (by default the shown one) maximized or fullscreen, or
    /// not (nil: the other way from how it asks now), as its client would.
    case restate(WindowState, on: Bool?, window: SwitchTarget? = nil)
}

/// Why an action did nothing; the message says it to a person.
struct ActionError: Error, CustomStringConvertible {
    let description: String
    /// One line per problem, for a rejected config: `file:line:col: message`.
    var problems: [String] = []
}

/// What an action did.
enum ActionOutcome {
    /// A transition to the window started (or, for `none`, the window was shown at once).
    case switched(windowID: Int)
    /// The window is shown already and nothing is animating: nothing to do.
    case alreadyShown(windowID: Int)
    /// The window was asked to close; whether it does is the client's choice.
    case askedToClose(windowID: Int)
    case reloaded(rules: Int, path: String?)
    /// A gesture step was taken; it drags toward window `windowID`, or workspace `workspace` (and the window shown there, if any).
    case gestured(windowID: Int?, workspace: Int?)
    /// A switcher step was taken; `selection` is the window selected while it is held.
    case switcher(selection: Int?)
    /// The window is minimized; `played`: it was shown, and a transition from it started.
    case minimized(windowID: Int, played: Bool)
    /// The minimized window is back, and a transition to it started.
    case restored(windowID: Int)
    /// Workspace `number` shows: a transition to it started (`changed`), or it showed already.
    case workspaceShown(number: Int, changed: Bool)
    /// The window went to workspace `number`; `played`: a transition away from it started.
    case movedToWorkspace(windowID: Int, number: Int, played: Bool)
    /// The window was asked into the state (`on`) or out of it; `changed`: it
    /// asked otherwise before, and is configured anew.
    case restated(windowID: Int, on: Bool, changed: Bool)
}

/// Hears once how a transition that an action started ended, and what chose
/// its effect (`rule 2 (config.toml:14)`, `[transitions.switch]`, `requested effect`).
typealias TransitionCompletionHandler = (_ completion: TransitionCompletion, _ chosenBy: String) -> Void
