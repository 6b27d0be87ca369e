/// Where the pointer is on the output, and who holds it while buttons are down.
struct PointerState {
    /// Output pixels; nil until the pointer first moves.
    var position: (x: Double, y: Double)?
    /// Who holds the pointer until its buttons are released; nil: the surface under it has it.
    var grab: PointerGrab?
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
