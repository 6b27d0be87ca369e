import SegueEngine
import SegueRender

/// A picture composed of layers into an output-sized target of its own: a
/// stacked window's screen over the backdrop, or the backdrop itself. It is
/// kept between frames and drawn again only where its layers' elements
/// differ from those it was last composed of; what that changed of it is its
/// history, so a frame that shows it redraws only that, by the same diff.
struct Composition {
    private(set) var target: RenderTarget?
    private var elements: [DrawnElement] = []
    /// Begun anew with each target: a version of an older one is before it, so all of it differs.
    private var history: PixelHistory<OutputSpace>?

    /// `layers` (as `elements`) composed over `background` into a target of
    /// `width`×`height`: where the target holds them already, only where they
    /// differ since. Its texture; the one before where GL failed.
    mutating func compose(_ layers: [SurfaceLayer], elements: [DrawnElement], background: (Float, Float, Float),
                          width: Int, height: Int, painter: Painter, versions: PixelCount) -> Texture? {
        if let target, target.width == width, target.height == height, var history {
            let changed = DrawnElement.difference(from: self.elements, to: elements)
            guard !changed.isEmpty else { return target.texture }
            // Drawn in part, it holds no known elements: all of it is drawn next time.
            self.elements = []
            history.changed(changed, to: versions.next())
            self.history = history
            guard (try? painter.render(.surfaces(layers, background: background), within: changed, into: target)) != nil else {
                return target.texture
            }
        } else {
            guard let made = try? painter.target(width: width, height: height),
                  (try? painter.render(.surfaces(layers, background: background), into: made)) != nil else { return target?.texture }
            target = made
            history = PixelHistory(version: versions.next())
        }
        self.elements = elements
        return target?.texture
    }

    /// Lets go of its target: composed whole when next needed.
    mutating func free() {
        target = nil
        elements = []
        history = nil
    }

    /// It, drawn over all of `rect`, as an element of a frame: nil with nothing composed.
    func element(over rect: PixelRect) -> DrawnElement? {
        guard let texture = target?.texture, let history else { return nil }
        return DrawnElement(id: ObjectIdentifier(texture), version: history.version, rect: rect, look: "composed") {
            history.changes(since: $0)
        }
    }
}
