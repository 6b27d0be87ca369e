import SegueWayland

/// What a host that runs the compositor in its own process needs (the WLCS
/// integration, in-process tests): clients over socket pairs, and windows
/// placed where it says.
extension Compositor {
    /// A new client on one end of a socket pair: the other end, for
    /// `wl_display_connect_to_fd`, and the client as the server knows it.
    public func connectClient() -> (fd: Int32, client: OpaquePointer)? { server.connect() }

    /// Runs what the loop has ready, waiting up to `milliseconds` for it, and
    /// sends clients what that produced: for a host that runs the loop itself.
    public func dispatch(milliseconds: Int32 = 0) { server.dispatch(milliseconds: milliseconds) }

    /// Puts the window whose surface is object `surfaceID` of `client` with its
    /// top left at (x, y) on the output, with free placement. Whether it
    /// names a window is the caller's to know: nothing happens otherwise.
    public func placeWindow(client: OpaquePointer, surfaceID: UInt32, x: Int, y: Int) {
        guard options.placement.keepsPositions, let surface = server.surface(of: client, id: surfaceID) else { return }
        if let layer = surface.role as? LayerSurface {
            desktop.layerSurfaces.move(layer, to: (x, y))
            desktop.arrangeLayers()
            return desktop.layersChanged()
        }
        guard let window = windows.window(of: surface) else { return }
        place(window, x: x, y: y)
    }

    /// Puts `window`'s top left at (x, y) on the output (`segue msg place`,
    /// the embedder): there at the next frame, input following.
    func place(_ window: Window, x: Int, y: Int) {
        window.position = (x, y)
        guard windows.updateOrigin(of: window) else { return }
        windows.placedAtOnce(window)
        windows.windowLayersChanged()
        input.pointerLayoutChanged()
    }
}
