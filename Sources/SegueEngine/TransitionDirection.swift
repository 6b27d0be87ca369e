/// Forward plays an effect as written (push, switch); reverse plays it backwards
/// with the screens swapped, so a pop undoes what the push did.
public enum TransitionDirection: String, Sendable, Codable {
    case forward, reverse
}
