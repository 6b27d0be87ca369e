import SegueEngine
import SegueRender

/// The held switcher on the output: its overlay's frames, prepared during
/// the open delay, and its departure once let go.
extension Output {
    /// The switcher was let go: what its overlay kept goes. `departing`: an
    /// overlay on screen fades out (or is where the transition that follows
    /// starts from). Returns what the frame clock saw of the overlay.
    func switcherClosed(departing: Bool) -> FrameStatistics {
        if departing, case .switcher = lastContent, case .texture(let picture) = snapshot() {
            navigation.switcherDeparted(showing: .texture(picture), at: backend.now, duration: SwitcherView.appearDuration)
        }
        switcherOverlay.close()
        damage()
        return hold.close()
    }

    /// What is on screen while the switcher's overlay departs, taken for a
    /// transition to start from, which replaces the departure; nil where none departs.
    func takeDeparture() -> ScreenSource? {
        guard let picture = navigation.departureTaken() else { return nil }
        if case .departing = lastContent { return snapshot() }
        return picture
    }

    /// The shown screen with the overlay's picture over it at `opacity`.
    func departingLayers(_ picture: Texture, opacity: Float, fresh: Bool = true) -> [SurfaceLayer] {
        let full = PixelRect(x: 0, y: 0, width: width, height: height)
        return [SurfaceLayer(texture(delegate?.shownScreen(), fresh: fresh), at: full), SurfaceLayer(picture, at: full, opacity: opacity)]
    }

    /// Before the overlay shows: one step of what its first frame draws (a
    /// window's preview, at the size the overlay draws it, the dimmed screen,
    /// the titles); false when all is made.
    func prepareOverlay(_ view: SwitcherView) -> Bool {
        switcherOverlay.prepare(view, shown: { texture(delegate?.shownScreen()) }, screen: { texture(.window($0)) },
                                width: width, height: height, scale: scale, background: background)
    }

    /// A window the switcher previews committed: its preview is made again when its turn comes.
    func previewedWindowCommitted(_ window: Window) { hold.committed(window) }

    /// The switcher's overlay over the shown window, its previews live, and
    /// whether a preview was made again. Drawn again (`fresh` false: a
    /// screenshot), no preview is taken anew.
    func switcherLayers(_ view: SwitcherView, fresh: Bool = true) -> (layers: [SurfaceLayer], remade: Bool) {
        let drawn = switcherOverlay.layers(view, shown: { texture(delegate?.shownScreen(), fresh: fresh) },
                                           screen: { texture(.window($0), fresh: fresh) },
                                           hasNewPixels: { fresh && hold.hasNewPixels($0) }, takingTurns: fresh,
                                           width: width, height: height, scale: scale, background: background)
        if fresh { hold.took(turns: drawn.turns) }
        return (drawn.layers, drawn.remade)
    }
}
