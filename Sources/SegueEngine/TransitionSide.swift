/// The two screens of a transition: the one it leaves and the one it goes to.
package enum TransitionSide: Sendable {
    case from
    case to
}
