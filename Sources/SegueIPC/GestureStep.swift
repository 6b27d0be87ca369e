/// One step of a switch a hand drives.
public enum GestureStep: Equatable, Sendable {
    /// Starts dragging toward the next or previous window, or one by id.
    case begin(SwitchTarget)
    /// Starts dragging toward another workspace, whose desktop comes in as the shown one goes.
    case beginWorkspace(WorkspaceTarget)
    /// The hand is at `progress` (0 the shown window, 1 the target; beyond is rubber-banded).
    case update(Double)
    /// The hand let go, flicking at `velocity` progress per second if given.
    case end(velocity: Double?)
    /// Back to the window shown before, on the spring a slow release takes.
    case cancel

    var name: String {
        switch self {
        case .begin, .beginWorkspace: "begin"
        case .update: "update"
        case .end: "end"
        case .cancel: "cancel"
        }
    }
}
