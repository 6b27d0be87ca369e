/// Where the pointer is on the output, and who holds it while buttons are down.
struct PointerState {
    /// Output pixels; nil until the pointer first moves.
    var position: (x: Double, y: Double)?
    /// Who holds the pointer until its buttons are released; nil: the surface under it has it.
    var grab: PointerGrab?

    /// Where a button's press or release goes, given who holds the pointer;
    /// the grab follows (a first press is the caller's to give a grab to).
    mutating func route(button: UInt32, pressed: Bool) -> ButtonRoute {
        switch (grab, pressed) {
        case (nil, true):
            return .firstPress
        case (.hand(let held)?, false) where held == button:
            grab = nil
            return .endsHand
        case (.switcher(let held)?, false) where held == button:
            grab = nil
            return .endsSwitcher
        case (.surface(var buttons)?, _):
            if pressed { buttons.insert(button) } else if buttons.remove(button) == nil { return .dropped }
            grab = buttons.isEmpty ? nil : .surface(buttons: buttons)
            return .toClient
        default:
            // A release with nothing held, or a button while a hand or the switcher holds the pointer.
            return .dropped
        }
    }
}

/// Where a pointer button goes.
enum ButtonRoute: Equatable {
    /// A press with no button held: a hand or the switcher may take it, else
    /// the surface under the pointer does (`PointerGrab.surface`).
    case firstPress
    /// To the client whose surface holds the pointer.
    case toClient
    /// The release that lets go of a hand's switch, or of the switcher's choice.
    case endsHand
    case endsSwitcher
    /// Nobody's.
    case dropped
}

/// Who holds the pointer while its buttons are down: one at a time, from the
/// first press to the release that ends it.
enum PointerGrab: Equatable {
    /// A press with the drag modifier drags a switch until `button` is
    /// released; no client sees either, nor any button meanwhile.
    case hand(button: UInt32)
    /// A press that chose in the switcher: its release is the switcher's too.
    case switcher(button: UInt32)
    /// Buttons held over a surface, which keeps the pointer until the last is
    /// released, wherever it goes (an implicit grab; a drag the seat starts
    /// from it goes wherever the pointer is).
    case surface(buttons: Set<UInt32>)
}
