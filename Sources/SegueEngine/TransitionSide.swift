/// The two screens of a transition: the one it leaves and the one it goes to.
public enum TransitionSide: Sendable {
    case from
    case to
}
