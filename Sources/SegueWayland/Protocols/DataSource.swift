import CWaylandServer
import Glibc

/// A client's wl_data_source: the mime types it can provide, and the client
/// to ask for the data.
final class DataSource: ResourceObject, SelectionSource {
    private(set) var resource: OpaquePointer?
    private(set) var mimeTypes = MimeTypes()
    /// set_actions was made: the source is for drag-and-drop only.
    private(set) var isForDragAndDrop = false
    /// The drag-and-drop actions it allows: copy, move, ask; copy alone where it never said.
    private(set) var dragActions = WL_DATA_DEVICE_MANAGER_DND_ACTION_COPY.rawValue
    /// The clipboard it was made the selection of; it is then no drag source.
    weak var clipboard: Clipboard?
    /// The drag it is the data of, from start_drag until the drop is finished or fails.
    weak var drag: Drag?
    /// The action it was last told a drop would take.
    private var action: UInt32 = 0

    static let allActions = WL_DATA_DEVICE_MANAGER_DND_ACTION_COPY.rawValue
        | WL_DATA_DEVICE_MANAGER_DND_ACTION_MOVE.rawValue | WL_DATA_DEVICE_MANAGER_DND_ACTION_ASK.rawValue

    nonisolated(unsafe) static let implementation: UnsafeMutablePointer<wl_data_source_interface> = {
        let p = UnsafeMutablePointer<wl_data_source_interface>.allocate(capacity: 1)
        p.initialize(to: wl_data_source_interface(
            offer: { _, resource, mimeType in
                guard let source = Resource.object(resource, as: DataSource.self), let mimeType else { return }
                source.mimeTypes.offer(String(cString: mimeType))
            },
            destroy: Resource.destroy,
            set_actions: { _, resource, actions in
                guard let source = Resource.object(resource, as: DataSource.self) else { return }
                source.setActions(actions)
            }))
        return p
    }()

    init?(client: OpaquePointer, version: Int32, id: UInt32) {
        guard let resource = Resource.create(client: client, interface: segue_wl_data_source_interface(), version: version,
                                             id: id, implementation: Self.implementation, object: self) else { return nil }
        self.resource = resource
    }

    func resourceDestroyed(_ resource: OpaquePointer) {
        self.resource = nil
        clipboard?.sourceDestroyed(self)
        drag?.sourceDestroyed()
    }

    var version: Int32 { resource.map { wl_resource_get_version($0) } ?? 0 }

    var isAlive: Bool { resource != nil }

    func send(mimeType: String, fd: Int32) {
        guard let resource else { return }
        wl_data_source_send_send(resource, mimeType, fd)
    }

    func cancel() {
        guard let resource else { return }
        wl_data_source_send_cancelled(resource)
    }

    // MARK: Drag and drop

    /// A drop target accepted `mimeType`, or nothing (nil).
    func sendTarget(_ mimeType: String?) {
        guard let resource else { return }
        wl_data_source_send_target(resource, mimeType)
    }

    /// The action a drop would take now, as the compositor settled it; told when it changes.
    func sendAction(_ action: UInt32) {
        guard action != self.action else { return }
        self.action = action
        guard let resource, version >= WL_DATA_SOURCE_ACTION_SINCE_VERSION else { return }
        wl_data_source_send_action(resource, action)
    }

    /// The drag failed (nothing took the drop, or it could not start). Before
    /// version 3 a source hears cancelled only when it is replaced.
    func cancelDrag() {
        guard version >= WL_DATA_SOURCE_DND_DROP_PERFORMED_SINCE_VERSION else { return }
        cancel()
    }

    func sendDropPerformed() {
        guard let resource, version >= WL_DATA_SOURCE_DND_DROP_PERFORMED_SINCE_VERSION else { return }
        wl_data_source_send_dnd_drop_performed(resource)
    }

    func sendFinished() {
        guard let resource, version >= WL_DATA_SOURCE_DND_FINISHED_SINCE_VERSION else { return }
        wl_data_source_send_dnd_finished(resource)
    }

    private func setActions(_ actions: UInt32) {
        if actions & ~Self.allActions != 0 {
            WlDataSourceResource(resource).postError(.invalidActionMask, "action mask \(actions) has bits outside copy, move and ask")
        } else if drag != nil {
            WlDataSourceResource(resource).postError(.invalidActionMask, "set_actions after wl_data_device.start_drag")
        } else if isForDragAndDrop {
            WlDataSourceResource(resource).postError(.invalidActionMask, "set_actions may be made once only")
        } else if clipboard != nil {
            WlDataSourceResource(resource).postError(.invalidSource, "a selection source cannot take drag-and-drop actions")
        } else {
            isForDragAndDrop = true
            dragActions = actions
        }
    }
}
