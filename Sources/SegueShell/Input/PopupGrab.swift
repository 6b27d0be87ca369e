/// An xdg_popup grab, held beside the pointer's (`PointerGrab`): while a
/// window's popups hold one, the keyboard goes to the topmost popup that
/// grabbed, and a press (a pointer button or a touch) on no surface of the
/// grabbing client breaks it, which dismisses the popups. Only the shown
/// window's popups may grab (`popupMayGrab`), so there is one at a time.
struct PopupGrab<Popup: AnyObject, Client: Equatable> {
    /// The client whose popups grab.
    let client: Client
    /// The popup the keyboard goes to: the last of those shown that grabbed.
    let keyboardFocus: Popup

    /// The grab held by `popups`, a window's shown popups in the order they
    /// were made, each with whether it grabbed; nil where none did.
    init?(client: Client, popups: [(popup: Popup, grabbed: Bool)]) {
        guard let top = popups.last(where: \.grabbed)?.popup else { return nil }
        self.client = client
        keyboardFocus = top
    }

    /// Whether a press on a surface of `pressed` (nil: on none, the bare
    /// background) breaks the grab: a press anywhere but on the grabbing client's.
    func isBroken(byPressOn pressed: Client?) -> Bool { pressed != client }
}
