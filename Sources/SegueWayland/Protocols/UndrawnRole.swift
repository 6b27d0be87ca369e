/// A role Segue gives a surface but never draws: a pointer cursor or a drag
/// icon. The surface keeps it, so it cannot later become a window or a
/// subsurface, as wl_surface's one-role rule says.
final class UndrawnRole: SurfaceRole {
    static let cursor = "wl_pointer cursor"
    static let dragIcon = "wl_data_device drag icon"

    let roleName: String

    private init(roleName: String) { self.roleName = roleName }

    /// Gives `surface` the role `name` unless it has it; false when `post` was
    /// sent the error for a surface with another role.
    static func assign(_ name: String, to surface: Surface, orPost post: (String) -> Void) -> Bool {
        if let current = surface.role as? UndrawnRole, current.roleName == name { return true }
        return surface.assign(UndrawnRole(roleName: name), orPost: post)
    }

    func surfaceCommitted(_ surface: Surface, _ changes: inout CommitChanges) {}
    func surfaceDestroyed(_ surface: Surface) {}
}
