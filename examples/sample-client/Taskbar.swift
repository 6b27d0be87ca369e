import CWaylandClient
import SegueClientSupport

/// The bar's buttons, one for each window wlr-foreign-toplevel-management
/// lists, left to right in the order they opened. Each button's rectangle is
/// told to the compositor (`set_rectangle`): where a minimize pours the window.
final class Taskbar {
    static let height: UInt32 = 24
    private let manager: OpaquePointer
    private var handles: [OpaquePointer] = []
    /// Called when the buttons changed, with how many there are.
    var changed: (Int) -> Void = { _ in }
    /// The bar's surface, once it has one: rectangles are relative to it.
    var surface: OpaquePointer?

    init(manager: OpaquePointer) {
        self.manager = manager
        zwlr_foreign_toplevel_manager_v1_add_listener(manager, managerListener, listenerData(self))
    }

    /// The button for window `index`, in the bar's surface units.
    static func button(_ index: Int) -> (x: Int, y: Int, width: Int, height: Int) {
        (x: 4 + index * 44, y: 3, width: 40, height: Int(height) - 6)
    }

    fileprivate func opened(_ handle: OpaquePointer) {
        handles.append(handle)
        zwlr_foreign_toplevel_handle_v1_add_listener(handle, handleListener, listenerData(self))
    }

    fileprivate func closed(_ handle: OpaquePointer) {
        handles.removeAll { $0 == handle }
        zwlr_foreign_toplevel_handle_v1_destroy(handle)
        placeButtons()
    }

    /// A window's state is complete (`done`): every button's place is told again, as one may have moved.
    fileprivate func placeButtons() {
        if let surface {
            for (index, handle) in handles.enumerated() {
                let rect = Self.button(index)
                zwlr_foreign_toplevel_handle_v1_set_rectangle(handle, surface, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height))
            }
        }
        changed(handles.count)
    }

    func destroy() {
        handles.forEach { zwlr_foreign_toplevel_handle_v1_destroy($0) }
        zwlr_foreign_toplevel_manager_v1_destroy(manager)
    }
}

private nonisolated(unsafe) let managerListener = fixedListener(zwlr_foreign_toplevel_manager_v1_listener(
    toplevel: { data, _, handle in
        guard let handle else { return }
        (listenerObject(data) as Taskbar).opened(handle)
    },
    finished: { _, _ in }
))

private nonisolated(unsafe) let handleListener = fixedListener(zwlr_foreign_toplevel_handle_v1_listener(
    title: { _, _, _ in },
    app_id: { _, _, _ in },
    output_enter: { _, _, _ in },
    output_leave: { _, _, _ in },
    state: { _, _, _ in },
    done: { data, _ in (listenerObject(data) as Taskbar).placeButtons() },
    closed: { data, handle in
        guard let handle else { return }
        (listenerObject(data) as Taskbar).closed(handle)
    },
    parent: { _, _, _ in }
))
