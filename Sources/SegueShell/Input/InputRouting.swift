import SegueBackend
import SegueWayland

/// The input the shell routes, between events: keys bound or passed on,
/// the pointer, the cursor the backend was last told to show, and the key
/// repeat the backend's seat reported (a nested parent's), if any.
struct InputRouting {
    var keyboard = KeyboardRouting()
    var pointer = PointerState()
    var shownCursor = Cursor.standard
    var backendRepeat: (rate: Int, delay: Int)?
    /// The keymap of the backend's keyboard (or Segue's own), while a virtual
    /// keyboard's stands in: it comes back with the next real key.
    var physicalKeymap: Keymap?
}
