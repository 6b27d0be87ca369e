/// The four layers of the desktop a layer surface lies on, bottom first;
/// windows lie between bottom and top.
package enum DesktopLayer: UInt32, Comparable, Sendable {
    case background, bottom, top, overlay

    package static func < (a: DesktopLayer, b: DesktopLayer) -> Bool { a.rawValue < b.rawValue }

    /// Whether it is drawn over the windows (and over a transition's frames).
    package var isAboveWindows: Bool { self >= .top }
}

/// Whether and how a layer surface takes the keyboard.
package enum KeyboardInteractivity: UInt32, Sendable {
    /// Never.
    case none
    /// Every key while it is mapped, on the top or overlay layer.
    case exclusive
    /// As a window takes it: when clicked.
    case onDemand
}
