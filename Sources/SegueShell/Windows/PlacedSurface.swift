import SegueEngine
import SegueRender
import SegueWayland

/// A surface on screen with its top left relative to the top left of the
/// window or layer surface it is part of, in surface units.
typealias PlacedSurface = (surface: Surface, x: Int, y: Int)

extension Surface {
    /// Adds this surface at (x, y) and its subsurfaces around it, bottom to
    /// top, to `placed`; nothing where it has no buffer (unmapped, and its subsurfaces with it).
    func place(x: Int, y: Int, into placed: inout [PlacedSurface]) {
        guard hasBuffer else { return }
        for child in subsurfaces.below {
            child.surface.place(x: x + Int(child.x), y: y + Int(child.y), into: &placed)
        }
        placed.append((self, x, y))
        for child in subsurfaces.above {
            child.surface.place(x: x + Int(child.x), y: y + Int(child.y), into: &placed)
        }
    }
}

extension [PlacedSurface] {
    /// The surfaces as layers in output pixels, the top left of what they
    /// are part of at (x, y), `scale` pixels to a surface unit, each turned,
    /// mirrored and cropped as its client set it up; those without a texture left out.
    func layers(x: Int, y: Int, scale: Int, textures: SurfaceTextures) -> [SurfaceLayer] {
        compactMap { placed in
            let surface = placed.surface
            return textures[surface].map {
                SurfaceLayer($0, at: PixelRect(x: x + placed.x * scale, y: y + placed.y * scale,
                                               width: surface.width * scale, height: surface.height * scale),
                             transform: surface.contentTransform, crop: surface.crop)
            }
        }
    }
}
