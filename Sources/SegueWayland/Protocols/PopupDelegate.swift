import SegueEngine

/// What the compositor is told of popups, and asked of them.
package protocol PopupDelegate: AnyObject {
    /// A popup committed its first buffer after being configured, over its mapped parent.
    func popupMapped(_ popup: XdgPopup)
    /// A popup lost its buffer, was dismissed or destroyed.
    func popupUnmapped(_ popup: XdgPopup)
    /// Where a popup must stay, in its parent's window-geometry coordinates; nil for anywhere.
    func popupBounds(_ popup: XdgPopup) -> PixelRect?
    /// Whether a popup may take an explicit grab.
    func popupMayGrab(_ popup: XdgPopup) -> Bool
}
