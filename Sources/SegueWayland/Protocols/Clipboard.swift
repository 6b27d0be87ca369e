import CWaylandServer

/// A seat's selection: the data source a client last set, offered to the data
/// devices of whichever client has keyboard focus.
final class Clipboard {
    private(set) var selection: DataSource?
    private var devices: [DataDevice] = []
    private var focusedClient: OpaquePointer?

    func addDevice(client: OpaquePointer, version: Int32, id: UInt32) {
        guard let device = DataDevice(client: client, version: version, id: id, clipboard: self) else { return }
        devices.append(device)
        if client == focusedClient { device.sendSelection(selection) }
    }

    func deviceDestroyed(_ device: DataDevice) {
        devices.removeAll { $0 === device }
    }

    /// Only the client with keyboard focus sets the selection, as a user's
    /// copy comes from the window they type in: a client in the background
    /// cannot replace what the user copied.
    func setSelection(_ source: DataSource?, from client: OpaquePointer) {
        guard source !== selection else { return }
        guard client == focusedClient else {
            // Refused, it is cancelled, so its client stops waiting to be asked for the data.
            source?.cancel()
            return
        }
        selection?.cancel()
        selection = source
        source?.clipboard = self
        sendSelectionToFocusedClient()
    }

    func sourceDestroyed(_ source: DataSource) {
        guard source === selection else { return }
        selection = nil
        sendSelectionToFocusedClient()
    }

    /// Keyboard focus moved to `client`. Moving between one client's surfaces
    /// sends nothing, as wl_data_device.selection asks.
    func focus(client: OpaquePointer?) {
        guard client != focusedClient else { return }
        focusedClient = client
        sendSelectionToFocusedClient()
    }

    private func sendSelectionToFocusedClient() {
        guard let focusedClient else { return }
        for device in devices where device.client == focusedClient { device.sendSelection(selection) }
    }
}
