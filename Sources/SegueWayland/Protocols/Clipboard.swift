import CWaylandServer

/// A seat's selection of one kind (the clipboard, or the primary selection):
/// the source a client last set, offered to the devices of whichever client
/// has keyboard focus.
package final class Clipboard {
    /// A client's selection, as the world outside Segue may take it: its mime
    /// types, and how to have it write one into an fd (the caller closes it).
    package typealias ClientSelection = (mimeTypes: [String], write: (_ mimeType: String, _ fd: Int32) -> Void)

    private(set) var selection: SelectionSource?
    /// Hears each selection a client sets, or clears (nil); not a foreign one.
    package var clientSelected: ((ClientSelection?) -> Void)?
    private var devices: [SelectionDevice] = []
    /// Data control devices, which hear every selection, whoever has the keyboard.
    private var watchers: [SelectionWatcher] = []
    private var focusedClient: OpaquePointer?
    /// Whether only the client with keyboard focus may set it.
    private let takesOnlyFromFocus: Bool
    /// Whether a client losing keyboard focus is told the selection is gone.
    private let clearsOnFocusLoss: Bool

    /// `takesOnlyFromFocus`: so for the clipboard, which holds what the user
    /// copied; not for the primary selection, which GTK sets before its
    /// window has the keyboard (and, refused, drops the text selection on
    /// screen), and which WLCS expects any client to set.
    /// `clearsOnFocusLoss`: as the primary selection's protocol asks.
    init(takesOnlyFromFocus: Bool, clearsOnFocusLoss: Bool) {
        self.takesOnlyFromFocus = takesOnlyFromFocus
        self.clearsOnFocusLoss = clearsOnFocusLoss
    }

    func add(_ device: SelectionDevice) {
        devices.append(device)
        if device.client == focusedClient { device.sendSelection(selection) }
    }

    func add(_ watcher: SelectionWatcher) {
        watchers.append(watcher)
        watcher.selectionChanged(selection, in: self)
    }

    func remove(_ watcher: SelectionWatcher) { watchers.removeAll { $0 === watcher } }

    /// The devices of `client`.
    func devices(of client: OpaquePointer) -> [SelectionDevice] { devices.filter { $0.client == client } }

    func deviceDestroyed(_ device: SelectionDevice) {
        devices.removeAll { $0 === device }
    }

    /// Where it takes only from focus, a user's copy comes from the window
    /// they type in: a client in the background cannot replace it.
    /// `controlled`: set through data control by a privileged client, which needs no focus.
    func setSelection(_ source: SelectionSource?, from client: OpaquePointer, controlled: Bool = false) {
        guard source !== selection else { return }
        guard controlled || !takesOnlyFromFocus || client == focusedClient else {
            // Refused, it is cancelled, so its client stops waiting to be asked for the data.
            source?.cancel()
            return
        }
        select(source)
        clientSelected?(source.map { source in
            (Array(source.mimeTypes), { [weak source] mimeType, fd in
                // Only while it is the selection: a replaced one was cancelled.
                guard let source, source.isTheSelection else { return }
                source.send(mimeType: mimeType, fd: fd)
            })
        })
    }

    /// What the user selected outside Segue: any client with the keyboard may
    /// paste it, whoever set the selection before. `read` has the holder
    /// write a mime type into an fd (the caller closes it).
    package func selectForeign(mimeTypes: [String], read: @escaping (_ mimeType: String, _ fd: Int32) -> Void) {
        select(ForeignSource(mimeTypes: mimeTypes, read: read))
    }

    /// The selection outside Segue went: so does it here, unless a client has set a newer one.
    package func clearForeign() {
        guard selection is ForeignSource else { return }
        select(nil)
    }

    func sourceDestroyed(_ source: SelectionSource) {
        guard source === selection else { return }
        selection = nil
        sendSelectionToFocusedClient()
        for watcher in watchers { watcher.selectionChanged(nil, in: self) }
        clientSelected?(nil)
    }

    private func select(_ source: SelectionSource?) {
        selection?.cancel()
        selection = source
        source?.clipboard = self
        sendSelectionToFocusedClient()
        for watcher in watchers { watcher.selectionChanged(source, in: self) }
    }

    /// Keyboard focus moved to `client`. Moving between one client's surfaces
    /// sends nothing, as wl_data_device.selection asks.
    func focus(client: OpaquePointer?) {
        guard client != focusedClient else { return }
        if clearsOnFocusLoss, let old = focusedClient {
            for device in devices where device.client == old { device.sendSelection(nil) }
        }
        focusedClient = client
        sendSelectionToFocusedClient()
    }

    private func sendSelectionToFocusedClient() {
        guard let focusedClient else { return }
        for device in devices where device.client == focusedClient { device.sendSelection(selection) }
    }
}

/// A selection's source as a clipboard sees it: a wl_data_source or a
/// zwp_primary_selection_source_v1.
protocol SelectionSource: AnyObject {
    var mimeTypes: MimeTypes { get }
    /// Whether its resource is still there to ask.
    var isAlive: Bool { get }
    /// The clipboard it was made the selection of.
    var clipboard: Clipboard? { get set }
    /// Asks the source's client to write `mimeType` data into `fd`; libwayland
    /// sends a duplicate, so the caller still closes `fd`.
    func send(mimeType: String, fd: Int32)
    /// The source is not (or no longer) the selection.
    func cancel()
}

extension SelectionSource {
    /// Whether it is its clipboard's selection now: only then may an offer ask
    /// it for data (one replaced was cancelled, and its offers went stale).
    var isTheSelection: Bool { clipboard?.selection === self }
}

/// What hears every selection of a clipboard as it is set, whoever has the
/// keyboard: a data control device.
protocol SelectionWatcher: AnyObject {
    func selectionChanged(_ selection: SelectionSource?, in clipboard: Clipboard)
}

/// One client's device for a kind of selection, which hears of it while the
/// client has keyboard focus.
protocol SelectionDevice: AnyObject {
    var client: OpaquePointer { get }
    /// The device's resource, while it lives.
    var resource: OpaquePointer? { get }
    /// Its protocol's calls.
    static var wire: SelectionWire { get }
}

/// What differs between the two selection protocols: making an offer of a
/// source (for a client, at a version: its resource), and the events that
/// introduce it (data_offer, then offer per mime type) and make it the selection.
struct SelectionWire: Sendable {
    let makeOffer: @Sendable (_ client: OpaquePointer, _ version: Int32, _ source: SelectionSource) -> OpaquePointer?
    let dataOffer: @Sendable (_ device: OpaquePointer, _ offer: OpaquePointer) -> Void
    let offer: @Sendable (_ offer: OpaquePointer?, _ mimeType: UnsafePointer<CChar>?) -> Void
    let selection: @Sendable (_ device: OpaquePointer, _ offer: OpaquePointer?) -> Void
}

extension SelectionDevice {
    /// Introduces a new offer for `source` with its mime types, then makes it
    /// the selection; no source (or a dead one) clears the selection.
    func sendSelection(_ source: SelectionSource?) {
        guard let resource else { return }
        guard let source, source.isAlive, let offer = Self.wire.makeOffer(client, wl_resource_get_version(resource), source) else {
            return Self.wire.selection(resource, nil)
        }
        introduce(offer, mimeTypes: source.mimeTypes)
        Self.wire.selection(resource, offer)
    }

    /// Introduces `offer` (data_offer), then each of its mime types (offer).
    func introduce(_ offer: OpaquePointer, mimeTypes: MimeTypes) {
        guard let resource else { return }
        Self.wire.dataOffer(resource, offer)
        for mimeType in mimeTypes { mimeType.withCString { Self.wire.offer(offer, $0) } }
    }
}

/// The mime types a source offers, in order, without repeats. Offers past
/// the limits are dropped: each is sent to every client the selection goes
/// to, and a flood would fill their sockets and cut them off.
struct MimeTypes: Sequence {
    static let maximumCount = 64, maximumBytes = 255
    private var types: [String] = []

    mutating func offer(_ mimeType: String) {
        guard types.count < Self.maximumCount, mimeType.utf8.count <= Self.maximumBytes, !types.contains(mimeType) else { return }
        types.append(mimeType)
    }

    func makeIterator() -> IndexingIterator<[String]> { types.makeIterator() }
}
