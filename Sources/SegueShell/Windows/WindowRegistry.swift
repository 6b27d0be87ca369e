import SegueWayland

/// The windows by toplevel, each with an id people can name, and where free
/// placement had put toplevels that unmapped and may map again.
struct WindowRegistry {
    private var byToplevel: [ObjectIdentifier: Window] = [:]
    private var unmappedPositions: [(toplevel: WeakToplevel, position: (x: Int, y: Int))] = []
    private var nextID = 1

    subscript(toplevel: any Toplevel) -> Window? { byToplevel[ObjectIdentifier(toplevel)] }

    /// `toplevel` mapped: its window (its popups' clocks in `motions`), with the next id, where it was before if it was placed.
    mutating func add(_ toplevel: any Toplevel, motions: SurfaceMotions) -> Window {
        let window = Window(id: nextID, toplevel: toplevel, motions: motions)
        nextID += 1
        if let index = unmappedPositions.firstIndex(where: { $0.toplevel.object === toplevel }) {
            window.position = unmappedPositions.remove(at: index).position
        }
        byToplevel[ObjectIdentifier(toplevel)] = window
        return window
    }

    /// `toplevel` unmapped: its window, its place kept should it map again.
    mutating func remove(_ toplevel: any Toplevel) -> Window? {
        guard let window = byToplevel.removeValue(forKey: ObjectIdentifier(toplevel)) else { return nil }
        unmappedPositions.removeAll { $0.toplevel.object == nil }
        if toplevel.isAlive, let position = window.position { unmappedPositions.append((WeakToplevel(object: toplevel), position)) }
        return window
    }
}
