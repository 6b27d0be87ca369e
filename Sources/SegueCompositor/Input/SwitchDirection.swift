/// Which way a key binding moves through the windows, in opening order.
public enum SwitchDirection: Sendable {
    case next
    case prev
}
